import type { Scroll, ScrollTextCheck } from '../db/records.ts';
import { UnsupportedImageError } from '../engine/types.ts';
import { uprightSizeOf, type PhotoSize } from '../pictures/upright-photo.ts';
import type { DomainDeps } from './deps.ts';

/**
 * A scroll's text check with the size of the registration photo its findings'
 * boxes are measured in, so a page can draw them on any picture of that photo
 * (the preview); `photo` is null when there is nothing to draw, or the photo
 * is missing or unreadable.
 */
export type TextCheckOnPhoto = { readonly check: ScrollTextCheck; readonly photo: PhotoSize | null };

export async function readTextCheckOnPhoto(deps: Pick<DomainDeps, 'db' | 'files'>, scroll: Pick<Scroll, 'id' | 'uuid' | 'photoKey'>): Promise<TextCheckOnPhoto> {
  const check = await deps.db.scrollTextChecks.find(scroll.id);
  // Registration writes one with the scroll, and migration 007 gave one to every scroll before it.
  if (check === undefined) throw new Error(`Scroll ${scroll.uuid} has no text check.`);
  if (check.state !== 'done' || check.findings.length === 0) return { check, photo: null };
  const bytes = await deps.files.get(scroll.photoKey);
  if (bytes === null) return { check, photo: null };
  try {
    return { check, photo: await uprightSizeOf(bytes) };
  } catch (error) {
    if (error instanceof UnsupportedImageError) return { check, photo: null };
    throw error;
  }
}
