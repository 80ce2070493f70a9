// The request log's one line an answer, and REQUEST_LOG_SAMPLE: a share of the
// plain successes, every refusal, failure and slow answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestLog } from '../../src/http/request-log.ts';

type Line = { level: 'info' | 'error' | 'debug'; msg: string; status: number };

function answers(controller: RequestLog, statuses: readonly number[], elapsedMs = 2, error: Error | null = null): Line[] {
  const lines: Line[] = [];
  for (const status of statuses) {
    const log = (level: Line['level']) => (_fields: unknown, msg: string) => lines.push({ level, msg, status });
    const logger = { info: log('info'), error: log('error'), debug: log('debug') };
    const request = { log: logger } as unknown as FastifyRequest;
    const reply = { log: logger, statusCode: status, elapsedTime: elapsedMs } as unknown as FastifyReply;
    controller.requestCompleted(error, request, reply);
  }
  return lines;
}

test('by default every answer gets its one line', () => {
  const lines = answers(new RequestLog(), [200, 200, 404, 201]);
  assert.deepEqual(lines.map((line) => `${line.level} ${line.status} ${line.msg}`), ['info 200 request completed', 'info 200 request completed', 'info 404 request completed', 'info 201 request completed']);
});

test('a share of plain successes, exactly, and every refusal', () => {
  const statuses = [...Array(100).fill(200), ...Array(7).fill(429), ...Array(3).fill(404)];
  const lines = answers(new RequestLog(0.1), statuses);
  assert.equal(lines.filter((line) => line.status === 200).length, 10);
  assert.equal(lines.filter((line) => line.status >= 400).length, 10);
});

test('none of the plain successes at 0, but a slow one, and a failure at error', () => {
  const log = new RequestLog(0);
  assert.deepEqual(answers(log, [200, 204, 302]), []);
  assert.deepEqual(answers(log, [200], 1500).map((line) => line.status), [200]);
  assert.deepEqual(answers(log, [500], 3, new Error('boom')).map((line) => `${line.level} ${line.msg}`), ['error request errored']);
});
