// Reads kept in memory while the tables they read are unchanged
// (SqlExecutor.kept): a store's point of sale polls the same page of its
// inventory, and a page of 20 scrolls costs the node far more to read than to
// answer (decision 031). A connection counts its own writes per table (the
// driver knows which tables each statement reads and writes); a read is
// answered from memory only under the version of its tables it was read at,
// so it is never older than this connection's writes to them (another
// process's commits: the driver's own bound).

/**
 * At most this many reads are kept, the least recently used dropped first: a
 * page of 100 scrolls is about 100 kB in memory, so a store paging through a
 * large inventory, or a client sending a new search each time, costs a node
 * at most some tens of MB and only displaces other pages.
 */
export const KEPT_READS = 256;

export type KeptReads = {
  /** `read`'s value (deeply frozen), kept under `version`, a string that changes whenever what `read` reads may have. */
  get<T>(key: string, version: string, read: () => T): T;
};

export function keptReads(): KeptReads {
  const kept = new Map<string, { readonly version: string; readonly value: unknown }>();
  return {
    get<T>(key: string, version: string, read: () => T): T {
      const found = kept.get(key);
      if (found !== undefined) {
        kept.delete(key);
        if (found.version === version) {
          // Most recently used last, so the oldest is dropped first.
          kept.set(key, found);
          return found.value as T;
        }
      }
      const value = deepFreeze(read());
      kept.set(key, { version, value });
      if (kept.size > KEPT_READS) kept.delete(kept.keys().next().value!);
      return value;
    },
  };
}

/** `value` and every object and array it holds, frozen (typed arrays as they are: one with elements cannot be frozen). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** A connection's own writes, counted per table (and `*`: a statement that may change any). */
export type TableVersions = {
  wrote(table: string): void;
  /** A string that changes whenever any of `tables` (or anything) was written since. */
  of(tables: readonly string[]): string;
};

export function tableVersions(): TableVersions {
  const counts = new Map<string, number>();
  return {
    wrote(table) {
      counts.set(table, (counts.get(table) ?? 0) + 1);
    },
    of(tables) {
      let sum = counts.get('*') ?? 0;
      for (const table of tables) sum += counts.get(table) ?? 0;
      return String(sum);
    },
  };
}
