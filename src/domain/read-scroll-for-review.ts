import type { Account, ScrollDetails } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import { refusePhotoViewer } from './crop-text-finding.ts';
import type { DomainDeps } from './deps.ts';
import { readTextCheckOnPhoto, type TextCheckOnPhoto } from './text-check-on-photo.ts';

export type ScrollForReview = { readonly scroll: ScrollDetails; readonly textCheck: TextCheckOnPhoto };

/** A scroll as its megiah reviews it before deciding: its facts and its text check; only for the megiah it names. */
export async function readScrollForReview(
  deps: Pick<DomainDeps, 'db' | 'files'>,
  megiah: Account,
  scrollUuid: string,
): Promise<Outcome<ScrollForReview, 'scroll_not_found' | 'not_scroll_megiah'>> {
  const scroll = await deps.db.scrolls.findByUuid(scrollUuid);
  if (scroll === undefined) return fail('scroll_not_found');
  if (megiah.role !== 'megiah' || refusePhotoViewer(megiah, scroll) !== null) return fail('not_scroll_megiah');
  return succeed({ scroll, textCheck: await readTextCheckOnPhoto(deps, scroll) });
}
