import type { SqlExecutor } from '../driver.ts';
import { sql, trusted } from '../sql.ts';

/**
 * Every column that names a stored file, with the key its table is paged by.
 * The orphan sweep removes files that none of them names, so a new column
 * naming a file must be listed here (test/db/file-references.test.ts fails
 * until it is).
 */
export const FILE_KEY_COLUMNS = [
  { table: 'scrolls', id: 'id', columns: ['photo_key', 'preview_key'] },
  { table: 'certificates', id: 'scroll_id', columns: ['pdf_key', 'png_key', 'docx_key'] },
  { table: 'accounts', id: 'id', columns: ['avatar_key', 'diploma_key'] },
] as const;

export function fileReferenceRepository(db: SqlExecutor) {
  return {
    /**
     * The keys rows name, in keyset pages of up to `pageSize` rows of one
     * table, so a large registry is never held at once. Each page is its own
     * query: a row committed meanwhile may or may not be seen.
     */
    async *keys(pageSize: number): AsyncGenerator<string[]> {
      for (const { table, id, columns } of FILE_KEY_COLUMNS) {
        for (let after = 0; ; ) {
          const rows = await db.all<Record<string, string | number | null>>(sql`
            SELECT ${trusted(id)} AS page_id, ${trusted(columns.join(', '))} FROM ${trusted(table)}
            WHERE ${trusted(id)} > ${after} ORDER BY ${trusted(id)} LIMIT ${pageSize}`);
          if (rows.length === 0) break;
          after = Number(rows[rows.length - 1].page_id);
          yield rows.flatMap((row) => columns.map((column) => row[column]).filter((key) => typeof key === 'string' && key !== '')) as string[];
          if (rows.length < pageSize) break;
        }
      }
    },
  };
}
