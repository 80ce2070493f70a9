// The log lines Fastify writes about each request: one at `info`, when it is
// answered (method, URL, status, time; `error` with the error when it failed),
// rather than Fastify's two; its arrival at `debug` only, to follow an upload
// still arriving. Every other line Fastify writes (a stream cut off after its
// headers, a serializer failing) stays as Fastify writes it. GET credits
// answered a fifth more requests a second for it (docs/benchmarks.md).
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
