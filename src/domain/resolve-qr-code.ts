import { fail, type Outcome, succeed } from '../errors.ts';
import { isBuyerRole } from './accounts.ts';
import type { DomainDeps } from './deps.ts';
import { normalizeQrCode } from './identifiers.ts';

export type QrResolution = { readonly status: 'found' | 'already_sold'; readonly uuid: string };

/**
 * Spec §2.4: the scan-qrcode answer, by the public QR page's rules
 * (lookUpScannedScroll): only a verified scroll resolves, sold once a buyer
 * owns it; read in one statement, since every buyer's scan asks it.
 */
export async function resolveQrCode(
  deps: Pick<DomainDeps, 'db'>,
  code: string,
): Promise<Outcome<QrResolution, 'qr_code_not_found'>> {
  const normalized = normalizeQrCode(code);
  if (normalized === null) return fail('qr_code_not_found');
  const scanned = await deps.db.scrolls.findScanned(normalized);
  if (scanned === undefined || !scanned.isVerified) return fail('qr_code_not_found');
  return succeed({ status: isBuyerRole(scanned.ownerRole) ? 'already_sold' : 'found', uuid: scanned.uuid });
}
