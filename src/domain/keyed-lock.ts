// Serialises critical sections that must not interleave, such as "identify,
// then insert" of a registration (two uploads of one scroll must not both
// pass the duplicate check). In-process now; several nodes (issue 3) need a
// shared implementation of the same interface (e.g. a PostgreSQL advisory lock).

export interface KeyedLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export function inProcessLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(work, work);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      // Forget finished keys so the map holds only locks in use.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
