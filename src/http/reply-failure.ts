import type { FastifyReply } from 'fastify';
import { errorBody, httpStatusOf, type Failure } from '../errors.ts';

/** Seconds a client should wait when the engine's queue is full. */
const BUSY_RETRY_AFTER_SECONDS = 2;

export function replyFailure(reply: FastifyReply, failure: Failure) {
  if (failure.code === 'busy') reply.header('Retry-After', BUSY_RETRY_AFTER_SECONDS);
  return reply.code(httpStatusOf(failure.code)).send(errorBody(failure.code, failure.msg));
}
