import { type Outcome, succeed } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { lookUpScannedScroll } from './look-up-scanned-scroll.ts';

export type QrResolution = { readonly status: 'found' | 'already_sold'; readonly uuid: string };

/** Spec §2.4: the scan-qrcode answer, from the same look-up as the public QR page. */
export async function resolveQrCode(
  deps: Pick<DomainDeps, 'db'>,
  code: string,
): Promise<Outcome<QrResolution, 'qr_code_not_found'>> {
  const scanned = await lookUpScannedScroll(deps, code);
  if (!scanned.ok) return scanned;
  return succeed({ status: scanned.value.status, uuid: scanned.value.scroll.uuid });
}
