import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sendFile } from '../send-file.ts';

/** A CSV download: the file name says what and when (`mezuzah-<what>-YYYY-MM-DD.csv`); the store's own, never cached. */
export function sendCsv(reply: FastifyReply, what: string, now: Date, csv: Readable) {
  const name = `mezuzah-${what}-${now.toISOString().slice(0, 10)}`;
  return sendFile(reply, { format: 'csv', body: csv, cache: 'private', disposition: { as: 'attachment', name } });
}
