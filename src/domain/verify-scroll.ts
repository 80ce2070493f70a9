import type { ScrollDetails } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { formatTimestamp } from './clock.ts';
import type { DomainDeps } from './deps.ts';
import { forgetCertificate } from './issue-certificate.ts';
import { transact } from './transact.ts';

/**
 * Confirms the examination. Only an admin or the scroll's own megiah may
 * confirm; without `byUuid` (the admin CLI) it is recorded as the megiah's.
 * Verifying changes the certificate's facts, so the stored one is dropped and
 * the next request issues a fresh one.
 */
export async function verifyScroll(
  deps: Pick<DomainDeps, 'db' | 'files' | 'clock'>,
  scrollUuid: string,
  byUuid?: string,
): Promise<Outcome<ScrollDetails, 'invalid_request' | 'scroll_not_found' | 'forbidden'>> {
  const at = formatTimestamp(deps.clock.now());
  const outcome = await transact(deps.db, async (tx) => {
    const scroll = await tx.scrolls.findByUuid(scrollUuid);
    if (scroll === undefined) return fail('scroll_not_found');
    let verifierId = scroll.megiahId;
    if (byUuid !== undefined) {
      const verifier = await tx.accounts.findByUuid(byUuid);
      if (verifier === undefined) return fail('invalid_request', 'by names no known account.');
      if (verifier.role !== 'admin' && verifier.id !== scroll.megiahId) {
        return fail('forbidden', "Only an admin or the scroll's own megiah may verify it.");
      }
      verifierId = verifier.id;
    }
    if (scroll.isVerified) return succeed({ scroll, stale: undefined });
    await tx.scrolls.markVerified(scroll.id, verifierId, at);
    const stale = await tx.certificates.remove(scroll.id);
    const updated = await tx.scrolls.findById(scroll.id);
    if (updated === undefined) throw new Error('Scroll vanished inside its own transaction.');
    return succeed({ scroll: updated, stale });
  });
  if (!outcome.ok) return outcome;
  if (outcome.value.stale !== undefined) await forgetCertificate(deps, outcome.value.stale);
  return succeed(outcome.value.scroll);
}
