// Serialises work per key within this process: callers of one key run one
// after another in arrival order; different keys do not wait for each other.

export type Mutex = { run<T>(key: string, work: () => Promise<T>): Promise<T> };

export function inProcessMutex(): Mutex {
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
