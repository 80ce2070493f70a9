// A node that shuts down finishes the requests in flight (Fastify's close),
// each answer then closing its connection,
// but a client that has stopped sending its body, or stopped reading its
// answer, would hold the drain until SHUTDOWN_TIMEOUT_MS and the node would
// exit 1. From the moment the node closes, a request whose connection moves
// no byte either way for STALLED_MS while it still owes or is owed bytes is
// ended; a request that is only waiting for the engine or the database moves
// no byte either but owes none, and is left to finish.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Long enough for a live client on a poor network to move a packet, short next to any shutdown grace. */
const STALLED_MS = 1000;

/** How often the requests still in flight are looked at while the node drains. */
const CHECK_EVERY_MS = 250;

type Watched = { bytes: number; movedAt: number };

export function endStalledClientsOnClose(app: FastifyInstance, now: () => number = Date.now): void {
  const inFlight = new Set<FastifyRequest>();
  let closing = false;
  // An answer finished while the node closes ends its connection too: a keep-alive
  // connection left idle would otherwise hold the close until its keep-alive timeout.
  app.addHook('onSend', function closeWhenDraining(_request, reply, payload, done) {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', function watchWhileInFlight(request, reply, done) {
    inFlight.add(request);
    // On the response, not the socket: a keep-alive socket serves many requests, and a listener per request on it would pile up.
    // The response closes once it is sent, or when its client goes away first.
    reply.raw.once('close', () => {
      inFlight.delete(request);
      // An answer whose head went out before the node closed said keep-alive: its connection, idle now, is ended all the same.
      if (closing) request.raw.socket?.end();
    });
    done();
  });

  app.addHook('preClose', async () => {
    closing = true;
    const watched = new Map<FastifyRequest, Watched>();
    const check = () => {
      const at = now();
      for (const request of inFlight) {
        const socket = request.raw.socket;
        if (socket === null || socket === undefined || socket.destroyed) {
          inFlight.delete(request);
          continue;
        }
        const bytes = socket.bytesRead + socket.bytesWritten;
        const seen = watched.get(request);
        if (seen === undefined || bytes !== seen.bytes) {
          watched.set(request, { bytes, movedAt: at });
          continue;
        }
        const owesBody = !request.raw.complete;
        const owedAnswer = socket.writableLength > 0;
        if ((owesBody || owedAnswer) && at - seen.movedAt >= STALLED_MS) {
          request.log.info({ owesBody, owedAnswer }, 'connection ended: it moved nothing while the node drained');
          inFlight.delete(request);
          socket.destroy();
        }
      }
      if (inFlight.size === 0) clearInterval(timer);
    };
    const timer = setInterval(check, CHECK_EVERY_MS).unref();
    check();
  });
}
