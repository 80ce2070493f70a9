import type { Account, Certificate, Role, ScrollDetails } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { isBuyerRole } from './accounts.ts';
import type { DomainDeps } from './deps.ts';
import { normalizeQrCode } from './identifiers.ts';

/** What a scanned QR sticker leads to: the public QR page and scan-qrcode. */
export type ScannedScroll = {
  /** `found` while a store holds the scroll; `already_sold` once it belongs to a buyer. */
  readonly status: 'found' | 'already_sold';
  readonly scroll: ScrollDetails;
  /** The store holding it now, or null once sold (a private buyer is never named). */
  readonly heldBy: Account | null;
  /** The store that registered it, as its certificate names it. */
  readonly registeredBy: Account;
  /** Who confirmed the examination. */
  readonly verifiedBy: Account;
  readonly certificate: Certificate | undefined;
};

/**
 * What a scan says of a scroll, the one rule the QR page and scan-qrcode share:
 * only a verified scroll resolves (spec §3 rule 3; an unverified one is
 * indistinguishable from none, null), sold once a buyer owns it.
 */
export function scanStatus(scroll: { readonly isVerified: boolean; readonly verifiedById: number | null }, ownerRole: Role): ScannedScroll['status'] | null {
  if (!scroll.isVerified || scroll.verifiedById === null) return null;
  return isBuyerRole(ownerRole) ? 'already_sold' : 'found';
}

export async function lookUpScannedScroll(
  deps: Pick<DomainDeps, 'db'>,
  code: string,
): Promise<Outcome<ScannedScroll, 'qr_code_not_found'>> {
  const normalized = normalizeQrCode(code);
  if (normalized === null) return fail('qr_code_not_found');
  const scroll = await deps.db.scrolls.findByQrCode(normalized);
  // scanStatus's first condition, before any account is read.
  if (scroll === undefined || !scroll.isVerified || scroll.verifiedById === null) return fail('qr_code_not_found');
  const account = async (id: number): Promise<Account> => {
    const found = await deps.db.accounts.findById(id);
    if (found === undefined) throw new Error(`Scroll ${scroll.uuid} names missing account ${id}.`);
    return found;
  };
  const [owner, registeredBy, verifiedBy, certificate] = await Promise.all([
    account(scroll.ownerId),
    account(scroll.registeredById),
    account(scroll.verifiedById),
    deps.db.certificates.find(scroll.id),
  ]);
  const status = scanStatus(scroll, owner.role);
  if (status === null) return fail('qr_code_not_found');
  return succeed({ status, scroll, heldBy: status === 'already_sold' ? null : owner, registeredBy, verifiedBy, certificate });
}

/**
 * Whether a code that does not resolve is a registered scroll awaiting its
 * megiah's confirmation, which the QR page says (without its details) so that
 * a buyer is not told the sticker is unknown. A rejected scroll is not awaiting.
 */
export async function isAwaitingExamination(deps: Pick<DomainDeps, 'db'>, code: string): Promise<boolean> {
  const normalized = normalizeQrCode(code);
  if (normalized === null) return false;
  const scroll = await deps.db.scrolls.findByQrCode(normalized);
  return scroll !== undefined && !scroll.isVerified && scroll.rejection === null;
}
