// The log lines Fastify writes about each request: one at `info`, when it is
// answered (method, URL, status, time; `error` with the error when it failed),
// rather than Fastify's two; its arrival at `debug` only, to follow an upload
// still arriving. Every other line Fastify writes (a stream cut off after its
// headers, a serializer failing) stays as Fastify writes it.
//
// A busy node may log only a share of its plain successes (REQUEST_LOG_SAMPLE):
// /metrics counts every request, and the line is most of what a small JSON
// answer costs beyond Fastify's own work (decision 031). Refusals, failures and
// slow answers are always written. Each success is drawn at random: a count
// (every tenth) would fall in step with a client's regular round of requests
// and show one endpoint only. At `debug`, every arrival is still written.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** An answer slower than this always gets its line, whatever the sample: it is what an operator looks for. */
const SLOW_ANSWER_MS = 1000;

export class RequestLog extends LogController {
  readonly #successShare: number;
  readonly #random: () => number;

  /** `successShare`: the share of answers below 400 and faster than SLOW_ANSWER_MS that get their line, in [0, 1]; `random` draws in [0, 1). */
  constructor(successShare = 1, random: () => number = Math.random) {
    super();
    this.#successShare = successShare;
    this.#random = random;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    if (reply.statusCode < 400 && reply.elapsedTime < SLOW_ANSWER_MS && this.#successShare < 1 && this.#random() >= this.#successShare) return;
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
