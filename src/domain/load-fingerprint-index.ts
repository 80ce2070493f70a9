import type { DomainDeps } from './deps.ts';

const PAGE_SIZE = 500;

/** Fills the engine's in-memory index from the database, so a restart forgets no scroll. */
export async function loadFingerprintIndex(deps: Pick<DomainDeps, 'db' | 'engine'>): Promise<number> {
  let after = 0;
  let loaded = 0;
  for (;;) {
    const page = await deps.db.fingerprints.page(after, PAGE_SIZE);
    for (const item of page.items) deps.engine.addToIndex(item.scrollUuid, item.data);
    loaded += page.items.length;
    if (page.items.length < PAGE_SIZE) return loaded;
    after = page.lastScrollId;
  }
}
