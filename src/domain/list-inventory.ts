import type { InventoryFilter, SearchTerm } from '../db/repositories/scrolls.ts';
import type { Account, Page, PageRequest, ScrollDetails } from '../db/records.ts';
import type { DomainDeps } from './deps.ts';
import { normalizeQrCode } from './identifiers.ts';

/** Which scrolls of the inventory to list: every one, or those whose examination stands so (db ExaminationState). */
export const inventoryStatuses = ['all', 'verified', 'awaiting', 'rejected'] as const;
export type InventoryStatus = (typeof inventoryStatuses)[number];

export type InventoryQuery = { readonly search?: string; readonly status?: InventoryStatus };

/** A search longer than a code, a name and a size together is a paste gone wrong; the rest is not read. */
const MAX_SEARCH_CHARACTERS = 100;
/** Each word is one more condition on every row; past a few, words only narrow a search nobody types. */
const MAX_SEARCH_WORDS = 8;

export function isInventoryStatus(value: unknown): value is InventoryStatus {
  return typeof value === 'string' && (inventoryStatuses as readonly string[]).includes(value);
}

/**
 * The search as the repository reads it: each word must appear in some
 * column (uuid, QR code, script, size, note, sofer, megiah), in any case.
 * A word that reads as a QR code also finds that code when typed with a
 * look-alike letter (O for 0, I or L for 1), and a pasted sticker address
 * (…/q/CODE) is its code.
 */
export function inventoryFilterOf(query: InventoryQuery): InventoryFilter {
  const words = (query.search ?? '').slice(0, MAX_SEARCH_CHARACTERS).split(/\s+/).filter((word) => word !== '');
  const terms: SearchTerm[] = [...new Set(words)].slice(0, MAX_SEARCH_WORDS).map((word) => {
    const text = /\/q\/([^/?#]+)/.exec(word)?.[1] ?? word;
    return { text, qrCode: normalizeQrCode(text) };
  });
  const status = query.status ?? 'all';
  return { terms, ...(status === 'all' ? {} : { examination: status }) };
}

/** Scrolls the store owns and has not sold (spec §3 rule 1), newest first, narrowed by the query. */
export function listInventory(
  deps: Pick<DomainDeps, 'db'>,
  store: Account,
  page: PageRequest,
  query: InventoryQuery = {},
): Promise<Page<ScrollDetails>> {
  return deps.db.scrolls.listOwnedBy(store.id, page, inventoryFilterOf(query));
}
