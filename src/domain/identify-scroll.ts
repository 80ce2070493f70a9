import type { Account, ScrollDetails } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { analyzeUpload, engineCall, type Requester } from './photo.ts';

export type IdentifiedScroll = { readonly scroll: ScrollDetails; readonly owner: Account };

/** The public check: which registered scroll, if any, is in the photo. */
export async function identifyScroll(
  deps: Pick<DomainDeps, 'db' | 'engine'>,
  photo: Uint8Array,
  requester: Requester,
): Promise<Outcome<IdentifiedScroll, 'invalid_request' | 'invalid_photo' | 'no_match' | 'busy'>> {
  const analysis = await analyzeUpload(deps.engine, photo, 'image', { preview: false, requester });
  if (!analysis.ok) return analysis;
  const candidate = await engineCall(() => deps.engine.identify(analysis.value.fingerprint));
  if (!candidate.ok) return candidate;
  if (candidate.value === null) return fail('no_match');
  const scroll = await deps.db.scrolls.findByUuid(candidate.value.scrollId);
  if (scroll === undefined) return fail('no_match');
  const owner = await deps.db.accounts.findById(scroll.ownerId);
  if (owner === undefined) throw new Error(`Scroll ${scroll.uuid} has no owner account.`);
  return succeed({ scroll, owner });
}
