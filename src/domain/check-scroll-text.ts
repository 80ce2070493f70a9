import type { TextCheck } from '../engine/types.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { engineRefusal, queueOf, type Requester } from './photo.ts';

/** The kinds of finding, for the API's documentation. */
export { TEXT_FINDING_KINDS } from '../engine/types.ts';

/** A text check that read the scroll: its verdict, findings and how much of the text was read. */
export type ReadScrollText = Extract<TextCheck, { readonly kind: 'read' }>;

/**
 * The public text check: where the scroll's text in the photo differs from the
 * mezuzah's, letter by letter, for its megiah to look at. A photo in which no
 * scroll text can be read is `invalid_photo`, as for identification.
 */
export async function checkScrollText(
  deps: Pick<DomainDeps, 'engine'>,
  photo: Uint8Array,
  requester: Requester,
): Promise<Outcome<ReadScrollText, 'invalid_request' | 'invalid_photo' | 'busy'>> {
  if (photo.length === 0) return fail('invalid_request', 'image: the file is empty.');
  let check: TextCheck;
  try {
    check = await deps.engine.checkText(photo, queueOf(requester));
  } catch (error) {
    return engineRefusal(error, 'image');
  }
  if (check.kind === 'invalid') return fail('invalid_photo', `image: the scroll text cannot be read (${check.reason}).`);
  return succeed(check);
}
