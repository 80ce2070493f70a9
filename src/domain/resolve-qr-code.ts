import { fail, type Outcome, succeed } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { normalizeQrCode } from './identifiers.ts';
import { scanStatus, type ScannedScroll } from './look-up-scanned-scroll.ts';

export type QrResolution = { readonly status: ScannedScroll['status']; readonly uuid: string };

/**
 * Spec §2.4: the scan-qrcode answer, by the public QR page's rule (scanStatus),
 * read in one statement, since every buyer's scan asks it.
 */
export async function resolveQrCode(
  deps: Pick<DomainDeps, 'db'>,
  code: string,
): Promise<Outcome<QrResolution, 'qr_code_not_found'>> {
  const normalized = normalizeQrCode(code);
  if (normalized === null) return fail('qr_code_not_found');
  const scanned = await deps.db.scrolls.findScanned(normalized);
  const status = scanned === undefined ? null : scanStatus(scanned, scanned.ownerRole);
  if (scanned === undefined || status === null) return fail('qr_code_not_found');
  return succeed({ status, uuid: scanned.uuid });
}
