// The text check of each registration photo, run after the registration has
// answered (issue 53). registerScroll writes the check pending in the
// scroll's own transaction; every node runs `scheduleTextChecks`, whose passes
// claim pending checks one at a time, read the stored registration photo, run
// the engine's text check and keep what it says, then reissue the scroll's
// stored certificate, which states the check. A claim is a lease in the
// database (db/repositories/scroll-text-checks.ts): one node runs each check,
// and a check whose node died is claimed again once its lease has lapsed.
import type { TextCheckClaim } from '../db/records.ts';
import { EngineBusyError, UnsupportedImageError, type TextCheck } from '../engine/types.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { refreshCertificate, type CertificateDeps } from './issue-certificate.ts';
import { queueOf, type Requester } from './photo.ts';
import { schedulePasses, type PassReport } from './schedule-passes.ts';

/**
 * The engine queue these checks wait in, their own: a node runs one at a time,
 * so it holds at most one worker, and a client's photo waiting beside it (a
 * requester with none running) is served first.
 */
export const TEXT_CHECK_REQUESTER: Requester = { background: 'text-check' };

/**
 * How long a claim holds: far longer than a check takes, even queued behind
 * a full engine (seconds), so a live node's claim is never overtaken; the
 * check of a node that died waits this long for another.
 */
export const TEXT_CHECK_LEASE_MS = 5 * 60_000;

/** Claims of one check before it is given up: a photo that brings down its worker or node must not be retried for ever. */
export const TEXT_CHECK_MAX_ATTEMPTS = 3;

/** How often a node looks for pending checks: a registration's result follows within seconds, for one query on a small index. */
export const TEXT_CHECK_POLL_MS = 2_000;

/** The certificate's too: a scroll's certificate states its check, and is reissued once the check has run. */
type Deps = CertificateDeps & Pick<DomainDeps, 'engine'>;

/** What one pass did. */
export type TextCheckPass = {
  /** Checks done, and given up (the photo unreadable, or too many attempts). */
  readonly done: number;
  readonly failed: number;
  /** The engine refused work: the pass stopped, its check handed back for the next one. */
  readonly busy: boolean;
};

/**
 * Runs pending checks one after another until none is left to claim, the
 * engine is busy, or `signal` stops it (the check under way is finished and
 * kept first). An engine failure other than a refusal is thrown, its claim
 * left to lapse and be retried.
 */
export async function runPendingTextChecks(deps: Deps, options: { readonly signal?: AbortSignal } = {}): Promise<TextCheckPass> {
  const now = () => deps.clock.now();
  const lapsedBefore = () => formatTimestamp(new Date(now().getTime() - TEXT_CHECK_LEASE_MS));
  let failed = await deps.db.scrollTextChecks.failExhausted({
    maxAttempts: TEXT_CHECK_MAX_ATTEMPTS,
    abandonedBefore: lapsedBefore(),
    failure: `the check did not finish in ${TEXT_CHECK_MAX_ATTEMPTS} attempts.`,
    at: formatTimestamp(now()),
  });
  let done = 0;
  while (options.signal?.aborted !== true) {
    const claim = await deps.db.scrollTextChecks.claimNext({
      at: formatTimestamp(now()),
      abandonedBefore: lapsedBefore(),
      maxAttempts: TEXT_CHECK_MAX_ATTEMPTS,
    });
    if (claim === undefined) break;
    const result = await runClaimed(deps, claim);
    if (result === 'busy') return { done, failed, busy: true };
    if (result === 'done') done++;
    if (result === 'failed') failed++;
  }
  return { done, failed, busy: false };
}

async function runClaimed(deps: Deps, claim: TextCheckClaim): Promise<'done' | 'failed' | 'busy' | 'overtaken'> {
  const result = await checkClaimed(deps, claim);
  if (result === 'done' || result === 'failed') {
    // A stored certificate stated the check as not completed: reissue it now that it has run, as a megiah's decision does.
    const scroll = await deps.db.scrolls.findById(claim.scrollId);
    if (scroll !== undefined) await refreshCertificate(deps, scroll.uuid);
  }
  return result;
}

async function checkClaimed(deps: Deps, claim: TextCheckClaim): Promise<'done' | 'failed' | 'busy' | 'overtaken'> {
  const checks = deps.db.scrollTextChecks;
  const giveUp = async (why: string) => ((await checks.fail(claim, why, formatTimestamp(deps.clock.now()))) ? 'failed' : 'overtaken');
  const photo = await deps.files.get(claim.photoKey);
  if (photo === null) return giveUp('the registration photo is missing.');
  let check: TextCheck;
  try {
    check = await deps.engine.checkText(photo, queueOf(TEXT_CHECK_REQUESTER));
  } catch (error) {
    if (error instanceof UnsupportedImageError) return giveUp(`the registration photo cannot be read: ${error.message}`);
    if (!(error instanceof EngineBusyError)) throw error;
    await checks.giveBack(claim);
    return 'busy';
  }
  if (check.kind === 'invalid') return giveUp(`the scroll text cannot be read (${check.reason}).`);
  const stored = await checks.complete(claim, { verdict: check.verdict, findings: check.findings, read: check.read }, formatTimestamp(deps.clock.now()));
  return stored ? 'done' : 'overtaken';
}

/**
 * Runs a pass now, in the background, then every `intervalMs`, one pass at a
 * time. The returned stop ends the schedule and waits for the pass under way,
 * which finishes and keeps the check it is running (a few seconds at most).
 */
export function scheduleTextChecks(deps: Deps, intervalMs: number, report: PassReport<TextCheckPass>): () => Promise<void> {
  return schedulePasses((signal) => runPendingTextChecks(deps, { signal }), intervalMs, report);
}
