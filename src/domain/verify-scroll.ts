import type { Repositories } from '../db/database.ts';
import type { Account, ScrollDetails, ScrollRejection } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import { accountNamedBy, deciderOf, lockScrollForDecision, type Decider } from './examination-decider.ts';
import { refreshCertificate, type CertificateDeps } from './issue-certificate.ts';
import { transact } from './transact.ts';
import { deciderData, recordWebhookEvent } from './webhook-events.ts';

export type Verification = {
  readonly scroll: ScrollDetails;
  /** Who confirmed the examination; for an earlier confirmation, who made that one. */
  readonly verifiedBy: Account;
  /** The scroll was verified before this call, which changed nothing. */
  readonly alreadyVerified: boolean;
  /** The rejection this confirmation ended (the megiah examined the scroll again), or null. */
  readonly endedRejection: ScrollRejection | null;
};

type VerifyFailure = 'invalid_request' | 'scroll_not_found' | 'not_scroll_megiah';

/** How many scrolls one bulk confirmation may name: the longest page of the queue. */
export const MAX_SCROLLS_PER_CONFIRMATION = 100;

/**
 * Confirms the megiah's examination, making the scroll `is_verified` and its
 * QR code resolvable (spec §3 rule 3), and records who confirmed it and when,
 * in the scroll and in the history of decisions. Only an admin or the megiah
 * named on the scroll may. Confirming again is a success that keeps the first
 * confirmation, so a retried request is harmless. Confirming a rejected scroll
 * (examined again, say after a repair) ends the rejection. A stored
 * certificate now states an outdated status, so it is reissued.
 */
export async function verifyScroll(
  deps: CertificateDeps,
  scrollUuid: string,
  by?: Decider,
): Promise<Outcome<Verification, VerifyFailure>> {
  const at = formatTimestamp(deps.clock.now());
  const outcome = await transact(deps.db, (tx) => verifyIn(tx, scrollUuid, by, at));
  if (!outcome.ok) return outcome;
  await refreshCertificate(deps, scrollUuid);
  return outcome;
}

/**
 * Confirms several scrolls at once (the queue's checkboxes), all or none: if
 * any of them is unknown or names another megiah, nothing is confirmed and the
 * failure names that scroll. Scrolls confirmed before count as confirmed.
 */
export async function verifyScrolls(
  deps: CertificateDeps,
  scrollUuids: readonly string[],
  by?: Decider,
): Promise<Outcome<Verification[], VerifyFailure>> {
  // Sorted, so that two batches sharing scrolls lock their rows in one order and cannot deadlock.
  const uuids = [...new Set(scrollUuids.map((uuid) => uuid.toLowerCase()))].sort();
  if (uuids.length === 0) return fail('invalid_request', 'Choose at least one scroll to confirm.');
  if (uuids.length > MAX_SCROLLS_PER_CONFIRMATION) {
    return fail('invalid_request', `At most ${MAX_SCROLLS_PER_CONFIRMATION} scrolls can be confirmed at once.`);
  }
  const at = formatTimestamp(deps.clock.now());
  const outcome = await transact(deps.db, async (tx) => {
    const verifications: Verification[] = [];
    for (const uuid of uuids) {
      const verified = await verifyIn(tx, uuid, by, at);
      if (!verified.ok) return fail(verified.code, `Scroll ${uuid}: ${verified.msg}`);
      verifications.push(verified.value);
    }
    return succeed(verifications);
  });
  if (!outcome.ok) return outcome;
  for (const verification of outcome.value) if (!verification.alreadyVerified) await refreshCertificate(deps, verification.scroll.uuid);
  return outcome;
}

async function verifyIn(tx: Repositories, scrollUuid: string, by: Decider | undefined, at: string): Promise<Outcome<Verification, VerifyFailure>> {
  const locked = await lockScrollForDecision(tx, scrollUuid);
  if (!locked.ok) return locked;
  const scroll = locked.value;
  const verifier = await deciderOf(tx, scroll, by);
  if (!verifier.ok) return verifier;

  // Conditional on is_verified = 0 as well as under the row lock: of two concurrent confirmations one records itself.
  const changed = !scroll.isVerified && (await tx.scrolls.markVerified(scroll.id, verifier.value.id, at));
  if (changed) {
    await tx.megiahDecisions.insert({ scrollId: scroll.id, accountId: verifier.value.id, decision: 'verify', reason: null, note: '', createdAt: at });
    // The store that registered the scroll hears of it, whoever holds it now.
    await recordWebhookEvent(tx, {
      accountId: scroll.registeredById,
      type: 'scroll.verified',
      data: { uuid: scroll.uuid, qr_code: scroll.qrCode, verified_time: at, verified_by: deciderData(verifier.value) },
      at,
    });
  }
  const current = changed ? await tx.scrolls.findById(scroll.id) : scroll;
  if (current === undefined || current.verifiedById === null) throw new Error(`Scroll ${scroll.uuid} lost its verification.`);
  return succeed({
    scroll: current,
    verifiedBy: current.verifiedById === verifier.value.id ? verifier.value : await accountNamedBy(tx, current, current.verifiedById),
    alreadyVerified: !changed,
    endedRejection: changed ? scroll.rejection : null,
  });
}
