import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A CSV download: the file name says what and when (`mezuzah-<what>-YYYY-MM-DD.csv`); private, never cached. */
export function sendCsv(reply: FastifyReply, what: string, now: Date, csv: Readable) {
  const name = `mezuzah-${what}-${now.toISOString().slice(0, 10)}.csv`;
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'private, no-store')
    .send(csv);
}
