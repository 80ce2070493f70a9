// A buyer's check answer under a link of its own (/check/result/{id}), so it
// can be reloaded and sent to the seller or a rabbi. The link names the scroll
// the photo matched, or that none did; the photo itself is never kept. What
// the page shows of the scroll is read when the link is opened, so a scroll
// sold or examined since is shown as it is now, beside when the check was made.
import { randomBytes } from 'node:crypto';
import type { CheckResultOutcome } from '../db/repositories/check-results.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import type { IdentifiedScroll } from './identify-scroll.ts';

/** Long enough to ask a rabbi or the seller about a purchase; short enough that links do not become a lasting record of who checked what. */
export const CHECK_RESULT_LIFETIME_MS = 30 * 24 * 3600_000;

export type SharedCheckResult = {
  readonly checkedAt: string;
  readonly expiresAt: string;
} & ({ readonly outcome: 'found'; readonly identified: IdentifiedScroll } | { readonly outcome: 'no_match' });

/** Keeps a check's answer; returns the id of its link (128 random bits: links cannot be guessed or enumerated). */
export async function keepCheckResult(
  deps: Pick<DomainDeps, 'db' | 'clock'>,
  answer: { readonly outcome: 'found'; readonly scrollId: number } | { readonly outcome: 'no_match' },
): Promise<string> {
  const now = deps.clock.now();
  await deps.db.checkResults.removeExpired(formatTimestamp(now));
  const id = randomBytes(16).toString('base64url');
  const outcome: CheckResultOutcome = answer.outcome;
  await deps.db.checkResults.insert({
    id,
    outcome,
    scrollId: answer.outcome === 'found' ? answer.scrollId : null,
    checkedAt: formatTimestamp(now),
    expiresAt: formatTimestamp(new Date(now.getTime() + CHECK_RESULT_LIFETIME_MS)),
  });
  return id;
}

/** The answer behind a link, or null when the link is unknown or has expired. */
export async function readCheckResult(deps: Pick<DomainDeps, 'db' | 'clock'>, id: string): Promise<SharedCheckResult | null> {
  const kept = await deps.db.checkResults.findLive(id, formatTimestamp(deps.clock.now()));
  if (kept === undefined) return null;
  const when = { checkedAt: kept.checkedAt, expiresAt: kept.expiresAt };
  if (kept.outcome === 'no_match' || kept.scrollId === null) return { ...when, outcome: 'no_match' };
  const scroll = await deps.db.scrolls.findById(kept.scrollId);
  const owner = scroll === undefined ? undefined : await deps.db.accounts.findById(scroll.ownerId);
  if (scroll === undefined || owner === undefined) return null;
  return { ...when, outcome: 'found', identified: { scroll, owner } };
}
