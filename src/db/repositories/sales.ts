import type { SqlExecutor } from '../driver.ts';
import type { BatchCursor, Page, PageRequest, Sale, SaleDetails } from '../records.ts';
import { sql, totalOf, type Sql } from '../sql.ts';

type SaleRow = {
  id: number | string;
  uuid: string;
  scroll_id: number | string;
  seller_id: number | string;
  buyer_id: number | string;
  note: string;
  created_at: string;
};

function toSale(row: SaleRow): Sale {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    scrollId: Number(row.scroll_id),
    sellerId: Number(row.seller_id),
    buyerId: Number(row.buyer_id),
    note: row.note,
    createdAt: row.created_at,
  };
}

type SaleDetailsRow = SaleRow & { scroll_uuid: string; buyer_uuid: string; buyer_username: string };

function toSaleDetails(row: SaleDetailsRow): SaleDetails {
  return { ...toSale(row), scrollUuid: row.scroll_uuid, buyer: { uuid: row.buyer_uuid, username: row.buyer_username } };
}

export function saleRepository(db: SqlExecutor) {
  /** The seller's sales whose ids `ids` selects (a subquery on the (seller_id, id) index), newest first, with scroll and buyer. */
  const detailsQuery = (ids: Sql): Sql => sql`
      SELECT sa.*, s.uuid AS scroll_uuid, b.uuid AS buyer_uuid, b.username AS buyer_username
      FROM sales sa JOIN scrolls s ON s.id = sa.scroll_id JOIN accounts b ON b.id = sa.buyer_id
      WHERE sa.id IN (${ids})
      ORDER BY sa.id DESC`;
  const detailsOf = async (ids: Sql): Promise<SaleDetails[]> => (await db.all<SaleDetailsRow>(detailsQuery(ids))).map(toSaleDetails);

  return {
    async insert(sale: Omit<Sale, 'id'>): Promise<Sale> {
      const row = await db.one<SaleRow>(sql`
        INSERT INTO sales (uuid, scroll_id, seller_id, buyer_id, note, created_at)
        VALUES (${sale.uuid}, ${sale.scrollId}, ${sale.sellerId}, ${sale.buyerId}, ${sale.note}, ${sale.createdAt})
        RETURNING *`);
      return toSale(row as SaleRow);
    },

    /** The seller's sales, newest first. */
    async listBySeller(sellerId: number, page: PageRequest): Promise<Page<SaleDetails>> {
      const count = sql`SELECT COUNT(*) AS total FROM sales WHERE seller_id = ${sellerId}`;
      // Page ids from the (seller_id, id) index first, then the joins for those rows only (see scrolls.listOwnedBy).
      const ids = sql`SELECT id FROM sales WHERE seller_id = ${sellerId} ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
      // Kept while its tables are unchanged, as an inventory page is (SqlExecutor.kept).
      return db.kept('sales.listBySeller', [count, detailsQuery(ids)], ([total, rows]) => ({ total: totalOf(total), items: (rows as SaleDetailsRow[]).map(toSaleDetails) }));
    },

    /** The same list in batches for an export, by a cursor on the id (see scrolls.listOwnedBatch). */
    async listBySellerBatch(sellerId: number, cursor: BatchCursor): Promise<SaleDetails[]> {
      const before = cursor.beforeId === null ? sql`` : sql` AND id < ${cursor.beforeId}`;
      return detailsOf(sql`SELECT id FROM sales WHERE seller_id = ${sellerId}${before} ORDER BY id DESC LIMIT ${cursor.limit}`);
    },

    /** This seller's sale of this scroll, if it made one (a scroll is sold once by each owner, so at most one). */
    async findBySellerAndScroll(sellerId: number, scrollId: number): Promise<Sale | undefined> {
      const row = await db.one<SaleRow>(sql`SELECT * FROM sales WHERE seller_id = ${sellerId} AND scroll_id = ${scrollId} ORDER BY id DESC LIMIT 1`);
      return row && toSale(row);
    },
  };
}
