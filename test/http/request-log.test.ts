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

test('a share of plain successes, drawn at random, and every refusal whatever the draw', () => {
  // A source that draws 0.00, 0.01, … 0.99 in turn: a share of 0.1 keeps the ten below it.
  let draw = 0;
  const random = () => (draw++ % 100) / 100;
  const statuses = [...Array(100).fill(200), ...Array(7).fill(429), ...Array(3).fill(404)];
  const lines = answers(new RequestLog(0.1, random), statuses);
  assert.equal(lines.filter((line) => line.status === 200).length, 10);
  assert.equal(lines.filter((line) => line.status >= 400).length, 10);
  // Refusals draw nothing: with draws alternating 0 and 0.5, interleaved refusals leave the successes every other draw.
  let flip = 0;
  const alternating = () => (flip++ % 2) * 0.5;
  const mixed = answers(new RequestLog(0.5, alternating), Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 200 : 401)));
  assert.equal(mixed.filter((line) => line.status === 401).length, 20);
  assert.equal(mixed.filter((line) => line.status === 200).length, 10);
});

test('Math.random by default: about the share asked for', () => {
  const lines = answers(new RequestLog(0.2), Array(5000).fill(200));
  assert.ok(lines.length > 800 && lines.length < 1200, `${lines.length} of 5000 at 0.2`);
});

test('none of the plain successes at 0, but a slow one, and a failure at error', () => {
  const log = new RequestLog(0);
  assert.deepEqual(answers(log, [200, 204, 302]), []);
  assert.deepEqual(answers(log, [200], 1500).map((line) => line.status), [200]);
  assert.deepEqual(answers(log, [500], 3, new Error('boom')).map((line) => `${line.level} ${line.msg}`), ['error request errored']);
});
