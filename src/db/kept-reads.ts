// Reads kept in memory while the database holds the same data (SqlExecutor.kept):
// a store's point of sale polls the same page of its inventory, and a page of
// 20 scrolls costs the node far more to read than to answer (decision 031).
// The driver says what the data's version is; a read is answered from memory
// only under the version it was read at, so it is never older than the data.

/**
 * At most this many reads are kept, the least recently used dropped first: a
 * page of 100 scrolls is about 100 kB in memory, so a store paging through a
 * large inventory, or a client sending a new search each time, costs a node
 * at most some tens of MB and only displaces other pages.
 */
const KEPT_READS = 256;

export type KeptReads = {
  /** `read`'s value, kept under `version` (read before `read` runs, so the value is at least that recent). */
  get<T>(key: string, version: string, read: () => Promise<T>): Promise<T>;
};

export function keptReads(): KeptReads {
  const kept = new Map<string, { readonly version: string; readonly value: unknown }>();
  let latest = '';
  return {
    async get<T>(key: string, version: string, read: () => Promise<T>): Promise<T> {
      // Every read kept under another version is out of date once the version moves.
      if (version !== latest) {
        kept.clear();
        latest = version;
      }
      const found = kept.get(key);
      if (found !== undefined && found.version === version) {
        // Most recently used last, so the oldest is dropped first.
        kept.delete(key);
        kept.set(key, found);
        return found.value as T;
      }
      const value = deepFreeze(await read());
      // A read that outlived a change of version is not kept under the old one.
      if (version === latest) {
        kept.set(key, { version, value });
        if (kept.size > KEPT_READS) kept.delete(kept.keys().next().value!);
      }
      return value;
    },
  };
}

/** `value` and every object and array it holds, frozen (Uint8Arrays as they are: a typed array with elements cannot be frozen). */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
