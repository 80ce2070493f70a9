import { succeed, type Outcome } from '../errors.ts';
import { cropFinding, MAX_FINDINGS_ENLARGED, photoForPage } from '../pictures/finding-pictures.ts';
import { decodedOnce, openUprightPhoto, type PhotoSize, type UprightPhoto } from '../pictures/upright-photo.ts';
import { checkScrollText, type ReadScrollText } from './check-scroll-text.ts';
import type { DomainDeps } from './deps.ts';
import type { Requester } from './photo.ts';

/**
 * The visitor's photo shown back with the findings drawn on it, its long side
 * at most this: enough to see where each place is on a phone or a desktop,
 * about 200 KB in the page.
 */
export const SHOWN_PHOTO_LONG_SIDE = 1280;

/** Pictures of the visitor's own photo, made for one answer and kept nowhere. */
export type PhotoPictures = {
  /** The photo at SHOWN_PHOTO_LONG_SIDE at most, as JPEG. */
  readonly shown: Uint8Array;
  /** The photo's upright size as uploaded: the findings' boxes are in its pixels. */
  readonly size: PhotoSize;
  /** The first MAX_FINDINGS_ENLARGED findings, enlarged, in order. */
  readonly crops: readonly Uint8Array[];
};

/** A photo's text check with pictures to show it by; no pictures when there is nothing to point at. */
export type TextCheckOnUpload = { readonly check: ReadScrollText; readonly pictures: PhotoPictures | null };

/**
 * The public text check for a person (the portal's /check), through the same
 * use case as the API's text-check: the answer, and the photo with each
 * finding to draw and the first ones enlarged. Nothing of the photo is stored.
 */
export async function checkScrollTextOnPhoto(
  deps: Pick<DomainDeps, 'engine'>,
  photo: Uint8Array,
  requester: Requester,
): Promise<Outcome<TextCheckOnUpload, 'invalid_request' | 'invalid_photo' | 'busy'>> {
  const checked = await checkScrollText(deps, photo, requester);
  if (!checked.ok) return checked;
  const check = checked.value;
  if (check.findings.length === 0) return succeed({ check, pictures: null });
  const pictures = await picturesOf(photo, check).catch(() => null);
  return succeed({ check, pictures });
}

/**
 * The photo shown back and the first findings enlarged. The engine has just
 * read the photo, so only one it read though damaged fails here; the answer
 * is then given without pictures, the findings listed all the same.
 */
async function picturesOf(photo: Uint8Array, check: ReadScrollText): Promise<PhotoPictures> {
  const upright: UprightPhoto = await decodedOnce(await openUprightPhoto(photo));
  const [shown, crops] = await Promise.all([
    photoForPage(upright, SHOWN_PHOTO_LONG_SIDE),
    Promise.all(check.findings.slice(0, MAX_FINDINGS_ENLARGED).map((finding) => cropFinding(upright, finding.box))),
  ]);
  return { shown: shown.jpeg, size: { width: upright.width, height: upright.height }, crops };
}
