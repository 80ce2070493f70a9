import { qrUrlOf } from '../certificates/gather-certificate.ts';
import type { StickerPayload } from '../certificates/payload.ts';
import { stickersPerSheet } from '../certificates/render-sticker.ts';
import type { Account } from '../db/records.ts';
import { fail, succeed, type Outcome } from '../errors.ts';
import type { DomainDeps } from './deps.ts';
import { readStoreScroll } from './read-store-scroll.ts';

/** Ten A4 sheets: a large print run, still rendered in a few seconds. */
export const MAX_STICKERS_PER_SHEET_REQUEST = 10 * stickersPerSheet;

/**
 * What the QR stickers of the store's scrolls print, in the order asked
 * (a uuid given twice prints twice, for a spare). Only scrolls the store owns
 * now, with the single-scroll read's refusals, so a store cannot print
 * another's codes; an unverified scroll gets its sticker too, since stores
 * label scrolls before the megiah confirms (its code resolves once he does).
 */
export async function gatherStickers(
  deps: Pick<DomainDeps, 'db' | 'publicBaseUrl'>,
  store: Account,
  scrollUuids: readonly string[],
): Promise<Outcome<StickerPayload[], 'invalid_request' | 'scroll_not_found' | 'scroll_not_owned'>> {
  if (scrollUuids.length === 0) return fail('invalid_request', 'uuids must name at least one scroll.');
  if (scrollUuids.length > MAX_STICKERS_PER_SHEET_REQUEST) {
    return fail('invalid_request', `uuids may name at most ${MAX_STICKERS_PER_SHEET_REQUEST} scrolls.`);
  }
  const stickers: StickerPayload[] = [];
  for (const uuid of scrollUuids) {
    const scroll = await readStoreScroll(deps, store, uuid);
    if (!scroll.ok) {
      const named = scrollUuids.length > 1 ? ` (${uuid})` : '';
      return fail(scroll.code, `${scroll.msg.replace(/\.$/, '')}${named}.`);
    }
    stickers.push({ code: scroll.value.qrCode, url: qrUrlOf(deps.publicBaseUrl, scroll.value.qrCode) });
  }
  return succeed(stickers);
}
