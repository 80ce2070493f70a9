import { fail, succeed, type Outcome } from '../errors.ts';
import { isBuyerRole } from './accounts.ts';
import type { DomainDeps } from './deps.ts';
import { normalizeQrCode } from './identifiers.ts';

export type QrResolution = { readonly status: 'found' | 'already_sold'; readonly uuid: string };

/** Only verified scrolls resolve (spec §3 rule 3); an unverified one is indistinguishable from none. */
export async function resolveQrCode(
  deps: Pick<DomainDeps, 'db'>,
  code: string,
): Promise<Outcome<QrResolution, 'qr_code_not_found'>> {
  const normalized = normalizeQrCode(code);
  if (normalized === null) return fail('qr_code_not_found');
  const scroll = await deps.db.scrolls.findByQrCode(normalized);
  if (scroll === undefined || !scroll.isVerified) return fail('qr_code_not_found');
  const owner = await deps.db.accounts.findById(scroll.ownerId);
  if (owner === undefined) throw new Error(`Scroll ${scroll.uuid} has no owner account.`);
  return succeed({ status: isBuyerRole(owner.role) ? 'already_sold' : 'found', uuid: scroll.uuid });
}
