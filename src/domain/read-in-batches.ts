import type { BatchCursor } from '../db/records.ts';

/** Rows an export reads per query: a store's whole history in a few queries, and little of it in memory at once. */
const EXPORT_BATCH_ROWS = 500;

/**
 * Every row of a listing, newest first, read batch by batch with a cursor on
 * the id (never an offset, so rows removed meanwhile shift no others out).
 */
export async function* readInBatches<T extends { readonly id: number }>(
  next: (cursor: BatchCursor) => Promise<readonly T[]>,
): AsyncGenerator<T> {
  let beforeId: number | null = null;
  for (;;) {
    const rows = await next({ beforeId, limit: EXPORT_BATCH_ROWS });
    yield* rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    beforeId = rows[rows.length - 1].id;
  }
}
