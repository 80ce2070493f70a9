import type { SqlExecutor } from '../driver.ts';
import type { BatchCursor, NewScroll, Page, PageRequest, Role, Scroll, ScrollDetails } from '../records.ts';
import type { RejectionReason } from '../../text/rejection-reasons.ts';
import { containsText, sql, totalOf, type Sql } from '../sql.ts';

type ScrollRow = {
  id: number | string;
  uuid: string;
  qr_code: string;
  registered_by_id: number | string;
  owner_id: number | string;
  sofer_id: number | string;
  megiah_id: number | string;
  font: string;
  size: string;
  note: string;
  written_date: string;
  examined_date: string;
  last_repaired_date: string | null;
  is_verified: number | string;
  verified_at: string | null;
  verified_by_id: number | string | null;
  rejection_id: number | string | null;
  photo_key: string;
  preview_key: string;
  created_at: string;
};

type DetailsRow = ScrollRow & {
  sofer_uuid: string;
  sofer_username: string;
  megiah_uuid: string;
  megiah_username: string;
  certificate_pdf_key: string | null;
  rejection_reason: string | null;
  rejection_note: string | null;
  rejection_at: string | null;
  rejection_by_uuid: string | null;
  rejection_by_username: string | null;
  rejection_by_role: string | null;
};

function toScroll(row: ScrollRow): Scroll {
  return {
    id: Number(row.id),
    uuid: row.uuid,
    qrCode: row.qr_code,
    registeredById: Number(row.registered_by_id),
    ownerId: Number(row.owner_id),
    soferId: Number(row.sofer_id),
    megiahId: Number(row.megiah_id),
    font: row.font,
    size: row.size,
    note: row.note,
    writtenDate: row.written_date,
    examinedDate: row.examined_date,
    lastRepairedDate: row.last_repaired_date,
    isVerified: Number(row.is_verified) === 1,
    verifiedAt: row.verified_at,
    verifiedById: row.verified_by_id === null ? null : Number(row.verified_by_id),
    rejectionId: row.rejection_id === null ? null : Number(row.rejection_id),
    photoKey: row.photo_key,
    previewKey: row.preview_key,
    createdAt: row.created_at,
  };
}

function toDetails(row: DetailsRow): ScrollDetails {
  return {
    ...toScroll(row),
    sofer: { uuid: row.sofer_uuid, username: row.sofer_username },
    megiah: { uuid: row.megiah_uuid, username: row.megiah_username },
    certificatePdfKey: row.certificate_pdf_key,
    rejection:
      row.rejection_id === null
        ? null
        : {
            reason: row.rejection_reason as RejectionReason,
            note: row.rejection_note ?? '',
            at: row.rejection_at ?? '',
            by: { uuid: row.rejection_by_uuid ?? '', username: row.rejection_by_username ?? '', role: row.rejection_by_role as Role },
          },
  };
}

const selectDetails = sql`
  SELECT s.*, so.uuid AS sofer_uuid, so.username AS sofer_username,
    me.uuid AS megiah_uuid, me.username AS megiah_username, c.pdf_key AS certificate_pdf_key,
    r.reason AS rejection_reason, r.note AS rejection_note, r.created_at AS rejection_at,
    rb.uuid AS rejection_by_uuid, rb.username AS rejection_by_username, rb.role AS rejection_by_role
  FROM scrolls s
  JOIN accounts so ON so.id = s.sofer_id
  JOIN accounts me ON me.id = s.megiah_id
  LEFT JOIN certificates c ON c.scroll_id = s.id
  LEFT JOIN megiah_decisions r ON r.id = s.rejection_id
  LEFT JOIN accounts rb ON rb.id = r.account_id`;

/** What a person would search an inventory by. */
function containing(search: string): Sql {
  const columns = [sql`s.uuid`, sql`s.qr_code`, sql`s.font`, sql`s.size`, sql`s.note`, sql`so.username`, sql`me.username`];
  return columns.map((column) => containsText(column, search)).reduce((any, next) => sql`${any} OR ${next}`);
}

/** One word of an inventory search; `qrCode` is the word read as a QR code (look-alike letters forgiven) when it can be one. */
export type SearchTerm = { readonly text: string; readonly qrCode: string | null };

/** Where a scroll's examination stands: confirmed, awaiting the megiah, or rejected by him (its latest decision). */
export type ExaminationState = 'verified' | 'awaiting' | 'rejected';

/** Which of its scrolls an owner lists: those that every search word matches (in any column), in one state when given. */
export type InventoryFilter = { readonly terms?: readonly SearchTerm[]; readonly examination?: ExaminationState };

const examinationIs: Readonly<Record<ExaminationState, Sql>> = {
  verified: sql`s.is_verified = 1`,
  awaiting: sql`s.is_verified = 0 AND s.rejection_id IS NULL`,
  rejected: sql`s.rejection_id IS NOT NULL`,
};

/** The scroll and its sofer and megiah, whose names a search reads. */
const scrollsWithPeople = sql`scrolls s JOIN accounts so ON so.id = s.sofer_id JOIN accounts me ON me.id = s.megiah_id`;

function ownedFilter(ownerId: number, filter: InventoryFilter): { readonly from: Sql; readonly where: Sql } {
  let where = sql`s.owner_id = ${ownerId}`;
  if (filter.examination !== undefined) where = sql`${where} AND ${examinationIs[filter.examination]}`;
  const terms = filter.terms ?? [];
  for (const term of terms) {
    const matches = term.qrCode === null ? containing(term.text) : sql`${containing(term.text)} OR s.qr_code = ${term.qrCode}`;
    where = sql`${where} AND (${matches})`;
  }
  return { from: terms.length === 0 ? sql`scrolls s` : scrollsWithPeople, where };
}

export function scrollRepository(db: SqlExecutor) {
  const findDetails = async (where: Sql): Promise<ScrollDetails | undefined> => {
    const row = await db.one<DetailsRow>(sql`${selectDetails} WHERE ${where}`);
    return row && toDetails(row);
  };

  /**
   * The page's ids first, from an index on the filter alone, then the joins for
   * those rows only: the plan stays an index walk whatever the planner's
   * statistics say (a fresh PostgreSQL table has none).
   */
  const pageOf = (from: Sql, where: Sql, page: PageRequest): Promise<Page<ScrollDetails>> => {
    const count = sql`SELECT COUNT(*) AS total FROM ${from} WHERE ${where}`;
    const items = sql`${selectDetails} WHERE s.id IN (
        SELECT s.id FROM ${from} WHERE ${where} ORDER BY s.id DESC LIMIT ${page.limit} OFFSET ${page.offset})
      ORDER BY s.id DESC`;
    // A store's point of sale polls the same page: kept while its tables are unchanged (SqlExecutor.kept).
    return db.kept('scrolls.pageOf', [count, items], ([total, rows]) => ({ total: totalOf(total), items: (rows as DetailsRow[]).map(toDetails) }));
  };

  return {
    async insert(scroll: NewScroll): Promise<Scroll> {
      const row = await db.one<ScrollRow>(sql`
        INSERT INTO scrolls (uuid, qr_code, registered_by_id, owner_id, sofer_id, megiah_id, font, size, note,
          written_date, examined_date, photo_key, preview_key, created_at)
        VALUES (${scroll.uuid}, ${scroll.qrCode}, ${scroll.registeredById}, ${scroll.ownerId}, ${scroll.soferId},
          ${scroll.megiahId}, ${scroll.font}, ${scroll.size}, ${scroll.note}, ${scroll.writtenDate},
          ${scroll.examinedDate}, ${scroll.photoKey}, ${scroll.previewKey}, ${scroll.createdAt})
        RETURNING *`);
      return toScroll(row as ScrollRow);
    },

    /**
     * Case-insensitive: uuids are stored as newUuid() writes them, in lower
     * case, and RFC 9562 has them case-insensitive on input (a partner's
     * system may print them in upper case, as SQL Server does).
     */
    async findByUuid(uuid: string): Promise<ScrollDetails | undefined> {
      return findDetails(sql`s.uuid = ${uuid.toLowerCase()}`);
    },

    async findById(id: number): Promise<ScrollDetails | undefined> {
      return findDetails(sql`s.id = ${id}`);
    },

    async findByQrCode(code: string): Promise<ScrollDetails | undefined> {
      return findDetails(sql`s.qr_code = ${code}`);
    },

    /**
     * What a scan needs of the scroll a code names, in one statement: its
     * uuid, whether it is verified, and its owner's role (a buyer's: sold).
     * Buyers' phones scan stickers; the public QR page reads the whole scroll.
     */
    async findScanned(
      code: string,
    ): Promise<{ readonly uuid: string; readonly isVerified: boolean; readonly verifiedById: number | null; readonly ownerRole: Role } | undefined> {
      const row = await db.one<{ uuid: string; is_verified: number | string; verified_by_id: number | string | null; owner_role: string }>(sql`
        SELECT s.uuid, s.is_verified, s.verified_by_id, o.role AS owner_role
        FROM scrolls s JOIN accounts o ON o.id = s.owner_id
        WHERE s.qr_code = ${code}`);
      if (row === undefined) return undefined;
      return {
        uuid: row.uuid,
        isVerified: Number(row.is_verified) === 1,
        verifiedById: row.verified_by_id === null ? null : Number(row.verified_by_id),
        ownerRole: row.owner_role as Role,
      };
    },

    /** Scrolls the account owns now, newest first, narrowed by `filter`. */
    async listOwnedBy(ownerId: number, page: PageRequest, filter: InventoryFilter = {}): Promise<Page<ScrollDetails>> {
      const { from, where } = ownedFilter(ownerId, filter);
      return pageOf(from, where, page);
    },

    /**
     * The same list in batches for an export: the next `limit` scrolls older
     * than `beforeId` (null: from the newest). A cursor on the id, not an
     * offset, so a scroll sold meanwhile shifts no other row out of the export.
     */
    async listOwnedBatch(ownerId: number, filter: InventoryFilter, cursor: BatchCursor): Promise<ScrollDetails[]> {
      const { from, where } = ownedFilter(ownerId, filter);
      const before = cursor.beforeId === null ? where : sql`${where} AND s.id < ${cursor.beforeId}`;
      const rows = await db.all<DetailsRow>(sql`${selectDetails} WHERE s.id IN (
          SELECT s.id FROM ${from} WHERE ${before} ORDER BY s.id DESC LIMIT ${cursor.limit})
        ORDER BY s.id DESC`);
      return rows.map(toDetails);
    },

    /**
     * Neither verified nor rejected: the megiah's queue (megiahId set) or every
     * scroll awaiting verification (null). A rejected scroll waits on its store
     * (a repair, a new photo), not on the megiah, so it leaves the queue.
     * Scrolls whose text check found something come first (they want the
     * megiah's eye most), then the rest; each group newest first. Found
     * something: the verdict `errors_found`, which a check gives for any
     * finding and for a text it could not read whole.
     */
    async listAwaitingVerification(megiahId: number | null, page: PageRequest): Promise<Page<ScrollDetails>> {
      const awaiting = sql`s.is_verified = 0 AND s.rejection_id IS NULL`;
      const where = megiahId === null ? awaiting : sql`s.megiah_id = ${megiahId} AND ${awaiting}`;
      const flagged = sql`LEFT JOIN scroll_text_checks tc ON tc.scroll_id = s.id AND tc.verdict = 'errors_found'`;
      const order = sql`ORDER BY (CASE WHEN tc.scroll_id IS NULL THEN 1 ELSE 0 END), s.id DESC`;
      const count = await db.one<{ total: number | string }>(sql`SELECT COUNT(*) AS total FROM scrolls s WHERE ${where}`);
      const rows = await db.all<DetailsRow>(sql`${selectDetails} ${flagged} WHERE s.id IN (
          SELECT s.id FROM scrolls s ${flagged} WHERE ${where} ${order} LIMIT ${page.limit} OFFSET ${page.offset})
        ${order}`);
      return { total: Number(count?.total ?? 0), items: rows.map(toDetails) };
    },

    /**
     * Takes the scroll's row lock before a decision reads it: in PostgreSQL a
     * concurrent decision waits here until the first commits and then reads
     * its result (READ COMMITTED reads afresh per statement); SQLite's
     * transactions already hold the write lock. False when no such scroll.
     */
    async lockForDecision(uuid: string): Promise<boolean> {
      const result = await db.run(sql`UPDATE scrolls SET rejection_id = rejection_id WHERE uuid = ${uuid.toLowerCase()}`);
      return result.changes === 1;
    },

    /**
     * Moves ownership only from the expected owner, so two concurrent sales of
     * one scroll cannot both succeed. Returns whether it moved.
     */
    async transferOwnership(scrollId: number, fromOwnerId: number, toOwnerId: number): Promise<boolean> {
      const result = await db.run(
        sql`UPDATE scrolls SET owner_id = ${toOwnerId} WHERE id = ${scrollId} AND owner_id = ${fromOwnerId}`,
      );
      return result.changes === 1;
    },

    /**
     * Records who confirmed the examination and when, ending any rejection;
     * false when the scroll was already verified.
     */
    async markVerified(scrollId: number, byAccountId: number, at: string): Promise<boolean> {
      const result = await db.run(sql`
        UPDATE scrolls SET is_verified = 1, verified_at = ${at}, verified_by_id = ${byAccountId}, rejection_id = NULL
        WHERE id = ${scrollId} AND is_verified = 0`);
      return result.changes === 1;
    },

    /** Makes `decisionId` the scroll's current rejection; false when the scroll is verified, which no rejection undoes. */
    async markRejected(scrollId: number, decisionId: number): Promise<boolean> {
      const result = await db.run(sql`UPDATE scrolls SET rejection_id = ${decisionId} WHERE id = ${scrollId} AND is_verified = 0`);
      return result.changes === 1;
    },
  };
}
