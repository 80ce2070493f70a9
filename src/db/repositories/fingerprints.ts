import type { SqlExecutor } from '../driver.ts';
import { sql } from '../sql.ts';

export type StoredFingerprint = { readonly scrollUuid: string; readonly data: Uint8Array };

export function fingerprintRepository(db: SqlExecutor) {
  return {
    async insert(scrollId: number, data: Uint8Array, at: string): Promise<void> {
      await db.run(sql`INSERT INTO fingerprints (scroll_id, data, created_at) VALUES (${scrollId}, ${data}, ${at})`);
    },

    /** Keyset pages in scroll order, so a large registry loads without holding every row at once. */
    async page(afterScrollId: number, limit: number): Promise<{ readonly lastScrollId: number; readonly items: StoredFingerprint[] }> {
      const rows = await db.all<{ scroll_id: number | string; uuid: string; data: Uint8Array }>(sql`
        SELECT f.scroll_id, s.uuid, f.data FROM fingerprints f JOIN scrolls s ON s.id = f.scroll_id
        WHERE f.scroll_id > ${afterScrollId} ORDER BY f.scroll_id LIMIT ${limit}`);
      return {
        lastScrollId: rows.length === 0 ? afterScrollId : Number(rows[rows.length - 1].scroll_id),
        // The driver's own bytes (node:sqlite's Uint8Array, pg's Buffer), not a copy: a start-up reads gigabytes of them.
        items: rows.map((row) => ({ scrollUuid: row.uuid, data: row.data })),
      };
    },
  };
}
