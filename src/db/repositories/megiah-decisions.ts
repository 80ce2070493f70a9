import type { SqlExecutor } from '../driver.ts';
import type { MegiahDecision, MegiahDecisionDetails, MegiahDecisionKind, Page, PageRequest } from '../records.ts';
import type { RejectionReason } from '../../text/rejection-reasons.ts';
import { sql } from '../sql.ts';

type DecisionRow = {
  id: number | string;
  scroll_id: number | string;
  account_id: number | string;
  decision: string;
  reason: string | null;
  note: string;
  created_at: string;
};

type DetailsRow = DecisionRow & {
  scroll_uuid: string;
  scroll_qr_code: string;
  scroll_font: string;
  scroll_size: string;
  scroll_is_verified: number | string;
  scroll_rejection_id: number | string | null;
};

function toDecision(row: DecisionRow): MegiahDecision {
  return {
    id: Number(row.id),
    scrollId: Number(row.scroll_id),
    accountId: Number(row.account_id),
    decision: row.decision as MegiahDecisionKind,
    reason: row.reason as RejectionReason | null,
    note: row.note,
    createdAt: row.created_at,
  };
}

export function megiahDecisionRepository(db: SqlExecutor) {
  return {
    async insert(decision: Omit<MegiahDecision, 'id'>): Promise<MegiahDecision> {
      const row = await db.one<DecisionRow>(sql`
        INSERT INTO megiah_decisions (scroll_id, account_id, decision, reason, note, created_at)
        VALUES (${decision.scrollId}, ${decision.accountId}, ${decision.decision}, ${decision.reason}, ${decision.note}, ${decision.createdAt})
        RETURNING *`);
      return toDecision(row as DecisionRow);
    },

    /** One account's decisions, newest first, each with its scroll as it stands now. */
    async listByAccount(accountId: number, page: PageRequest): Promise<Page<MegiahDecisionDetails>> {
      const count = await db.one<{ total: number | string }>(
        sql`SELECT COUNT(*) AS total FROM megiah_decisions WHERE account_id = ${accountId}`,
      );
      // The page's ids from the (account_id, created_at, id) index first, then the scrolls of those rows only.
      const rows = await db.all<DetailsRow>(sql`
        SELECT d.*, s.uuid AS scroll_uuid, s.qr_code AS scroll_qr_code, s.font AS scroll_font, s.size AS scroll_size,
          s.is_verified AS scroll_is_verified, s.rejection_id AS scroll_rejection_id
        FROM megiah_decisions d JOIN scrolls s ON s.id = d.scroll_id
        WHERE d.id IN (
          SELECT id FROM megiah_decisions WHERE account_id = ${accountId}
          ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset})
        ORDER BY d.created_at DESC, d.id DESC`);
      return {
        total: Number(count?.total ?? 0),
        items: rows.map((row) => ({
          ...toDecision(row),
          scroll: {
            uuid: row.scroll_uuid,
            qrCode: row.scroll_qr_code,
            font: row.scroll_font,
            size: row.scroll_size,
            isVerified: Number(row.scroll_is_verified) === 1,
            stillRejected: row.scroll_rejection_id !== null && Number(row.scroll_rejection_id) === Number(row.id),
          },
        })),
      };
    },

    /** Every decision on one scroll, oldest first. */
    async listByScroll(scrollId: number): Promise<MegiahDecision[]> {
      const rows = await db.all<DecisionRow>(sql`SELECT * FROM megiah_decisions WHERE scroll_id = ${scrollId} ORDER BY id`);
      return rows.map(toDecision);
    },
  };
}
