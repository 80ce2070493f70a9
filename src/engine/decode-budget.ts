// A counting semaphore in megapixels, shared by every thread of the process
// through one SharedArrayBuffer: the pool makes it and hands it to each worker
// (workerData), so the photos being decoded at once on one node never need
// more than its capacity, however many workers the node runs.

export class DecodeBudget {
  /** [0]: megapixels taken now. */
  readonly #taken: Int32Array;
  readonly capacity: number;

  constructor(shared: SharedArrayBuffer, capacity: number) {
    this.#taken = new Int32Array(shared, 0, 1);
    this.capacity = capacity;
  }

  /** The memory to share with other threads, which make their own DecodeBudget over it. */
  static share(): SharedArrayBuffer {
    return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  }

  /** Waits (without blocking the thread) until `megapixels` fit, then takes them; more than the capacity takes all of it. */
  async take(megapixels: number): Promise<number> {
    const units = Math.min(this.capacity, Math.max(1, Math.ceil(megapixels)));
    for (;;) {
      const now = Atomics.load(this.#taken, 0);
      if (now + units <= this.capacity) {
        if (Atomics.compareExchange(this.#taken, 0, now, now + units) === now) return units;
        continue;
      }
      const wait = Atomics.waitAsync(this.#taken, 0, now);
      if (wait.async) await wait.value;
    }
  }

  give(units: number): void {
    Atomics.sub(this.#taken, 0, units);
    Atomics.notify(this.#taken, 0);
  }

  /** Megapixels taken now, across every thread. */
  get taken(): number {
    return Atomics.load(this.#taken, 0);
  }
}
