// Photo uploads are the one kind of request whose body is large, so they are
// the one a hostile client can use to hold a node's memory: a body declared
// at 25 MB and then stalled, or trickled a byte at a time. Every upload route
// admits its request here before a byte of the body is read:
//
//  - a body declared larger than the route can accept is refused at once (413);
//  - a node holds at most `perNode` uploads in flight, and one client address
//    at most `perIp`; beyond that the answer is 503 with Retry-After, as when
//    the engine's queue is full. A slot is held until the response is sent,
//    since the photo stays in memory while the engine reads it, so the slots
//    bound the memory that uploads can hold;
//  - while its body arrives, an upload must keep up `minBytesPerSecond` on
//    average after a grace period, or its connection is closed.
//
// Node's own requestTimeout (REQUEST_TIMEOUT_MS) still caps the whole body.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES } from '../domain/photo.ts';
import { fail } from '../errors.ts';
import { replyFailure } from './reply-failure.ts';

export type UploadLimits = {
  /** Uploads one node holds at once (UPLOADS_PER_NODE). */
  readonly perNode: number;
  /** Uploads one client address holds at once on one node (UPLOADS_PER_IP). */
  readonly perIp: number;
  /** The slowest average a body may arrive at, after the grace period (UPLOAD_MIN_BYTES_PER_SECOND). */
  readonly minBytesPerSecond: number;
  /** How long a body may take to get going before its rate is judged; RATE_GRACE_MS unless a test shortens it. */
  readonly graceMs?: number;
};

/** Room in a body for the text fields, the part headers and the boundaries beside its photos. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/** A phone on a weak network takes a few seconds to get going; the average rate is judged only after this. */
const RATE_GRACE_MS = 10_000;

/** How often the bodies still arriving are looked at; a slow client is found within this of crossing the line. */
const CHECK_EVERY_MS = 1000;

/** Seconds a client refused for want of a slot should wait: about one photo's analysis. */
const RETRY_AFTER_SECONDS = 2;

type InFlight = {
  readonly request: FastifyRequest;
  readonly startedAt: number;
  /** The socket's byte count when this request began (a keep-alive socket carries several). */
  readonly bytesAtStart: number;
  bytesSeen: number;
};

/** What every upload route's OpenAPI description says of these limits. */
export const UPLOAD_LIMITS_DOC =
  'Uploads in flight are limited per node and per client address: beyond them the answer is 503 `busy` with `Retry-After`, before the body is read; a body declared larger than the form can be is 413 at once, and one that arrives slower than the node\'s minimum upload rate is cut off.';

/** How a refusal is answered once its headers are set; default: the API's JSON error. Portal pages answer with their HTML page. */
export type RefusalAnswer = (request: FastifyRequest, reply: FastifyReply, status: 413 | 503) => unknown;

export type UploadGuard = {
  /** The hook (onRequest, or preHandler after a cheaper refusal) of a route whose body carries `files` photos. */
  admit(files: number, answer?: RefusalAnswer): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Uploads in flight now, for /readyz and the tests. */
  readonly inFlight: number;
};

export function uploadGuard(limits: UploadLimits, now: () => number = Date.now): UploadGuard {
  const receiving = new Set<InFlight>();
  const perIp = new Map<string, number>();
  let total = 0;
  let timer: NodeJS.Timeout | undefined;

  const bytesRead = (upload: Pick<InFlight, 'request'>) => upload.request.raw.socket?.bytesRead ?? 0;

  function closeSlowly(upload: InFlight, reason: string): void {
    receiving.delete(upload);
    upload.request.log.info({ reason, receivedBytes: upload.bytesSeen, ms: now() - upload.startedAt }, 'upload closed before its body arrived');
    // The client has shown it is not sending; waiting to write it an answer would hold the socket again.
    upload.request.raw.destroy();
  }

  function check(): void {
    const at = now();
    for (const upload of receiving) {
      if (upload.request.raw.complete || upload.request.raw.destroyed) {
        receiving.delete(upload);
        continue;
      }
      const bytes = bytesRead(upload) - upload.bytesAtStart;
      upload.bytesSeen = Math.max(upload.bytesSeen, bytes);
      const elapsed = at - upload.startedAt;
      if (elapsed >= (limits.graceMs ?? RATE_GRACE_MS) && upload.bytesSeen < (limits.minBytesPerSecond * elapsed) / 1000) closeSlowly(upload, 'too slow');
    }
    if (receiving.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  function watch(request: FastifyRequest): void {
    if (request.raw.complete) return;
    const at = now();
    receiving.add({ request, startedAt: at, bytesAtStart: bytesRead({ request }), bytesSeen: 0 });
    timer ??= setInterval(check, CHECK_EVERY_MS).unref();
  }

  return {
    admit(files, answer) {
      const maxBodyBytes = files * PHOTO_MAX_BYTES + FORM_OVERHEAD_BYTES;
      const refuse = (request: FastifyRequest, reply: FastifyReply, code: 'too_large' | 'busy', msg: string) => {
        if (code === 'busy') reply.header('Retry-After', RETRY_AFTER_SECONDS);
        if (answer !== undefined) return answer(request, reply, code === 'busy' ? 503 : 413);
        return replyFailure(reply, fail(code, msg));
      };
      return async function admitUpload(request, reply) {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBodyBytes) {
          return refuse(request, reply, 'too_large', `The request body is larger than this form can be (${files} photo${files === 1 ? '' : 's'} of at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB).`);
        }
        const ip = request.ip;
        const ofIp = perIp.get(ip) ?? 0;
        if (total >= limits.perNode) return refuse(request, reply, 'busy', 'Too many photos are being uploaded to the service right now; retry shortly.');
        if (ofIp >= limits.perIp) return refuse(request, reply, 'busy', `At most ${limits.perIp} uploads from one address at a time; retry when one has finished.`);
        total += 1;
        perIp.set(ip, ofIp + 1);
        let released = false;
        reply.raw.once('close', () => {
          if (released) return;
          released = true;
          total -= 1;
          const left = (perIp.get(ip) ?? 1) - 1;
          if (left === 0) perIp.delete(ip);
          else perIp.set(ip, left);
        });
        watch(request);
      };
    },
    get inFlight() {
      return total;
    },
  };
}
