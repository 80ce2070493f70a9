import type { Account, ScrollDetails } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import { refreshCertificate, type CertificateDeps } from './issue-certificate.ts';
import { transact } from './transact.ts';

/**
 * Who confirms: an authenticated account (the megiah API, the portal pages),
 * an account named by uuid (the admin CLI's --by), or, when absent, the
 * scroll's own megiah on whose behalf the operator records it (the admin CLI).
 */
export type Verifier = { readonly account: Account } | { readonly uuid: string };

export type Verification = {
  readonly scroll: ScrollDetails;
  /** Who confirmed the examination; for an earlier confirmation, who made that one. */
  readonly verifiedBy: Account;
  /** The scroll was verified before this call, which changed nothing. */
  readonly alreadyVerified: boolean;
};

/**
 * Confirms the megiah's examination, making the scroll `is_verified` and its
 * QR code resolvable (spec §3 rule 3), and records who confirmed it and when.
 * Only an admin or the megiah named on the scroll may. Confirming again is a
 * success that keeps the first confirmation, so a retried request is harmless.
 * A stored certificate now states an outdated status, so it is reissued.
 */
export async function verifyScroll(
  deps: CertificateDeps,
  scrollUuid: string,
  by?: Verifier,
): Promise<Outcome<Verification, 'invalid_request' | 'scroll_not_found' | 'not_scroll_megiah'>> {
  const at = formatTimestamp(deps.clock.now());
  const outcome = await transact(deps.db, async (tx) => {
    const scroll = await tx.scrolls.findByUuid(scrollUuid);
    if (scroll === undefined) return fail('scroll_not_found');
    const account = async (id: number): Promise<Account> => {
      const found = await tx.accounts.findById(id);
      if (found === undefined) throw new Error(`Scroll ${scroll.uuid} names missing account ${id}.`);
      return found;
    };

    let verifier: Account;
    if (by === undefined) verifier = await account(scroll.megiahId);
    else if ('account' in by) verifier = by.account;
    else {
      const found = await tx.accounts.findByUuid(by.uuid);
      if (found === undefined) return fail('invalid_request', 'by names no known account.');
      verifier = found;
    }
    if (verifier.role !== 'admin' && verifier.id !== scroll.megiahId) return fail('not_scroll_megiah');

    // The update is conditional on is_verified = 0: of two concurrent confirmations one records itself.
    const changed = !scroll.isVerified && (await tx.scrolls.markVerified(scroll.id, verifier.id, at));
    const current = scroll.isVerified ? scroll : await tx.scrolls.findById(scroll.id);
    if (current === undefined || current.verifiedById === null) throw new Error(`Scroll ${scroll.uuid} lost its verification.`);
    return succeed({
      scroll: current,
      verifiedBy: current.verifiedById === verifier.id ? verifier : await account(current.verifiedById),
      alreadyVerified: !changed,
    });
  });
  if (!outcome.ok) return outcome;
  await refreshCertificate(deps, scrollUuid);
  return outcome;
}
