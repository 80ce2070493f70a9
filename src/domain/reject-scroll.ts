import type { ScrollDetails, ScrollRejection } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { isRejectionReason, rejectionReasons, type RejectionReason } from '../text/rejection-reasons.ts';
import { formatTimestamp } from './clock.ts';
import { deciderOf, lockScrollForDecision, type Decider } from './examination-decider.ts';
import { refreshCertificate, type CertificateDeps } from './issue-certificate.ts';
import { requireText } from './text-fields.ts';
import { transact } from './transact.ts';
import { deciderData, recordWebhookEvent } from './webhook-events.ts';

/** Room for which letters, where, and what the store should do; the certificate prints the reason, not this. */
export const MAX_REJECTION_NOTE = 1000;

export type RejectionInput = { readonly reason: string | undefined; readonly note: string | undefined };

export type Rejection = {
  readonly scroll: ScrollDetails;
  /** The scroll's current rejection: this one, or the identical earlier one. */
  readonly rejection: ScrollRejection;
  /** The scroll stood rejected with this very reason and note before this call, which changed nothing. */
  readonly alreadyRejected: boolean;
};

/** A reason from the list, and a note (required with `other`, which says nothing by itself). */
export function checkRejection(input: RejectionInput): Outcome<{ reason: RejectionReason; note: string }, 'invalid_request'> {
  if (!isRejectionReason(input.reason)) return fail('invalid_request', `reason must be one of ${rejectionReasons.join(', ')}.`);
  const other = input.reason === 'other';
  const note = requireText(input.note, 'note', { max: MAX_REJECTION_NOTE, optional: !other, multiLine: true });
  if (!note.ok) return other && (input.note ?? '').trim() === '' ? fail('invalid_request', 'note is required when reason is other.') : note;
  return succeed({ reason: input.reason, note: note.value });
}

/**
 * The megiah (or an admin) refuses to confirm the scroll's examination, with
 * a reason from the list and an optional note for the store. The scroll stays
 * unverified, leaves the megiah's queue, its QR code keeps answering not
 * found, and a stored certificate is reissued to say it was rejected.
 *
 * - Rejecting a verified scroll is refused (`already_verified`): a buyer may
 *   hold it by its confirmation, which a rejection must not silently revoke.
 * - Rejecting again with the same reason and note is a success that changes
 *   nothing (a retried request); with another reason or note it is a new
 *   decision that replaces the current one, both kept in the history.
 * - A rejected scroll can still be confirmed later (verify-scroll.ts), once
 *   it has been repaired or examined again.
 */
export async function rejectScroll(
  deps: CertificateDeps,
  scrollUuid: string,
  input: RejectionInput,
  by?: Decider,
): Promise<Outcome<Rejection, 'invalid_request' | 'scroll_not_found' | 'not_scroll_megiah' | 'already_verified'>> {
  const checked = checkRejection(input);
  if (!checked.ok) return checked;
  const { reason, note } = checked.value;
  const at = formatTimestamp(deps.clock.now());
  const outcome = await transact(deps.db, async (tx) => {
    const locked = await lockScrollForDecision(tx, scrollUuid);
    if (!locked.ok) return locked;
    const scroll = locked.value;
    const decider = await deciderOf(tx, scroll, by);
    if (!decider.ok) return decider;
    if (scroll.isVerified) return fail('already_verified');
    if (scroll.rejection !== null && scroll.rejection.reason === reason && scroll.rejection.note === note) {
      return succeed({ scroll, rejection: scroll.rejection, alreadyRejected: true });
    }

    const decision = await tx.megiahDecisions.insert({ scrollId: scroll.id, accountId: decider.value.id, decision: 'reject', reason, note, createdAt: at });
    if (!(await tx.scrolls.markRejected(scroll.id, decision.id))) throw new Error(`Scroll ${scroll.uuid} was verified under its lock.`);
    const current = await tx.scrolls.findById(scroll.id);
    if (current === undefined || current.rejection === null) throw new Error(`Scroll ${scroll.uuid} lost its rejection.`);
    await recordWebhookEvent(tx, {
      accountId: scroll.registeredById,
      type: 'scroll.rejected',
      data: { uuid: scroll.uuid, qr_code: scroll.qrCode, reason, note, rejected_time: at, rejected_by: deciderData(current.rejection.by) },
      at,
    });
    return succeed({ scroll: current, rejection: current.rejection, alreadyRejected: false });
  });
  if (!outcome.ok) return outcome;
  if (!outcome.value.alreadyRejected) await refreshCertificate(deps, scrollUuid);
  return outcome;
}
