// Each node answers identifications from the engine's in-memory index; the
// fingerprints table is the truth every node shares. This keeps the index
// caught up with it: fully at start, on every commit another node announces
// (LISTEN/NOTIFY on PostgreSQL), by polling in case an announcement is lost,
// and on demand before a registration's duplicate check.
//
// Invariant that makes a keyset cursor exact: fingerprints are inserted only
// by registerScroll under REGISTRATION_LOCK, whose transaction commits before
// the lock is released, so they become visible in scroll-id order and a row
// below the cursor can never appear later.
import { changeChannels } from '../db/database.ts';
import type { DomainDeps, FingerprintIndexSync } from './deps.ts';

const PAGE_SIZE = 500;

export function fingerprintIndexSync(deps: Pick<DomainDeps, 'db' | 'engine'>): FingerprintIndexSync {
  let cursor = 0;
  /** performance.now() when the last catch-up that completed began: it holds what was committed before then. */
  let caughtUpAt: number | null = null;

  async function loadNewer(): Promise<number> {
    const began = performance.now();
    let loaded = 0;
    for (;;) {
      const page = await deps.db.fingerprints.page(cursor, PAGE_SIZE);
      for (const item of page.items) deps.engine.addToIndex(item.scrollUuid, item.data);
      loaded += page.items.length;
      cursor = page.lastScrollId;
      if (page.items.length < PAGE_SIZE) {
        deps.engine.flushIndex();
        caughtUpAt = began;
        return loaded;
      }
    }
  }

  // One catch-up runs at a time. A call made while one runs waits for a fresh
  // one after it, since the running one may have read before the caller's
  // commit; calls arriving meanwhile share that fresh one.
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  function catchUp(): Promise<number> {
    if (running === undefined) {
      running = loadNewer().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued ??= running
      .catch(() => 0)
      .then(() => {
        queued = undefined;
        return catchUp();
      });
    return queued;
  }

  return {
    catchUp,
    sinceCaughtUpMs: () => (caughtUpAt === null ? null : performance.now() - caughtUpAt),
    follow(intervalMs, onError) {
      const round = () => {
        catchUp().catch(onError);
      };
      const unsubscribe = deps.db.listen(changeChannels.fingerprints, round);
      const timer = setInterval(round, intervalMs);
      timer.unref();
      return () => {
        clearInterval(timer);
        unsubscribe();
      };
    },
  };
}
