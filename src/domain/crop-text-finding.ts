import { isStore } from './accounts.ts';
import type { Account, Scroll } from '../db/records.ts';
import { UnsupportedImageError } from '../engine/types.ts';
import { fail, succeed, type Failure, type Outcome } from '../errors.ts';
import { cropFinding } from '../pictures/finding-pictures.ts';
import { openUprightPhoto } from '../pictures/upright-photo.ts';
import type { DomainDeps } from './deps.ts';

export type PhotoRefusal = 'scroll_not_owned' | 'not_scroll_megiah' | 'forbidden';

/**
 * Who may see a scroll's registration photo, whole or in part: the store that
 * owns the scroll now, and the megiah the scroll names, who examines it. The
 * photo is private (files/, `private/`): a buyer sees the public preview only.
 */
export function refusePhotoViewer(account: Account, scroll: Pick<Scroll, 'ownerId' | 'megiahId'>): Failure<PhotoRefusal> | null {
  if (isStore(account)) return scroll.ownerId === account.id ? null : fail('scroll_not_owned');
  if (account.role === 'megiah') return scroll.megiahId === account.id ? null : fail('not_scroll_megiah');
  return fail('forbidden');
}

/**
 * The `number`th (1-based) finding of a scroll's stored text check, enlarged:
 * a JPEG cut from the registration photo around its box. Null when the check
 * holds no such finding (not done, or fewer findings) or the photo is gone.
 */
export async function cropTextFinding(
  deps: Pick<DomainDeps, 'db' | 'files'>,
  viewer: Account,
  scrollUuid: string,
  number: number,
): Promise<Outcome<Uint8Array | null, 'scroll_not_found' | PhotoRefusal>> {
  const scroll = await deps.db.scrolls.findByUuid(scrollUuid);
  if (scroll === undefined) return fail('scroll_not_found');
  const refusal = refusePhotoViewer(viewer, scroll);
  if (refusal !== null) return refusal;
  const check = await deps.db.scrollTextChecks.find(scroll.id);
  const finding = check?.state === 'done' && Number.isInteger(number) && number >= 1 ? check.findings[number - 1] : undefined;
  if (finding === undefined) return succeed(null);
  const bytes = await deps.files.get(scroll.photoKey);
  if (bytes === null) return succeed(null);
  try {
    return succeed(await cropFinding(await openUprightPhoto(bytes), finding.box));
  } catch (error) {
    // The photo was read when the check ran; one that no longer reads is damaged in storage.
    if (error instanceof UnsupportedImageError) return succeed(null);
    throw error;
  }
}
