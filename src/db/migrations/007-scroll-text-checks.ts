// The text check of each scroll's registration photo (issue 53): written
// pending with the scroll, in its transaction, and run after the registration
// has answered by whichever node claims it (domain/run-text-checks.ts).
import type { Dialect } from '../sql.ts';
import { columnTypes } from './dialect-types.ts';

export function up(dialect: Dialect): string[] {
  const t = columnTypes(dialect);
  return [
    // One row a scroll. A claim is `claimed_at` (a lease: a node that died
    // holding one is overtaken once it is old) with `attempts` counting the
    // claims; `findings` and `read_counts` are the check's JSON, `failure` why
    // none could be made.
    `CREATE TABLE scroll_text_checks (
      scroll_id ${t.ref} PRIMARY KEY REFERENCES scrolls (id),
      state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      claimed_at TEXT,
      checked_at TEXT,
      verdict TEXT CHECK (verdict IN ('no_errors_found', 'errors_found')),
      findings TEXT,
      read_counts TEXT,
      failure TEXT,
      created_at TEXT NOT NULL,
      CHECK ((state = 'pending') = (checked_at IS NULL)),
      CHECK ((state = 'done') = (verdict IS NOT NULL AND findings IS NOT NULL AND read_counts IS NOT NULL)),
      CHECK ((state = 'failed') = (failure IS NOT NULL))
    )`,
    // The runners look only at what is still to do.
    `CREATE INDEX scroll_text_checks_pending ON scroll_text_checks (scroll_id) WHERE state = 'pending'`,
    // Scrolls registered before the check existed are checked too, after any newer one.
    `INSERT INTO scroll_text_checks (scroll_id, state, attempts, created_at) SELECT id, 'pending', 0, created_at FROM scrolls`,
  ];
}
