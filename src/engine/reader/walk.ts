// The reader's one loop: an ordered table of readings, walked in order, each
// read only when the photo calls for it, the fallbacks only where the first
// reading showed the text's lines, and none once the photo's budget is spent.
// The tables are read-photo.ts's (how the photo is prepared) and
// read-image.ts's (how one image of it is framed and read); docs/engine.md,
// "The reader", lists them.

/** The readings of the tables of read-photo.ts and read-image.ts, and analyze-photo.ts's readings at the working size. */
export type ReadingName =
  | 'as-taken' | 'dehazed' | 'clipped' | 'deblurred'
  | 'half-size' | 'full-size' | 'faint-ink' | 'line-frame' | 'text-outline' | 'unveiled' | 'letter-sizes' | 'unfanned'
  | 'enlarged' | 'working-size';

/**
 * A reading beyond the first of its table (the first is what the others are
 * opinions on), in the order read: `taken` false when the photo called for it
 * but its budget was spent, and nothing of its table was read after it. For
 * diagnosis, benchmarks and tests; the extraction does not depend on it.
 */
export type Opinion = { readonly name: ReadingName; readonly taken: boolean };

/**
 * One reading of a table: `when` the photo calls for it, given what the
 * readings before it found (`c`); `read`, the reading itself; `keep`, whether
 * what it read replaces what is kept so far. A `fallback` is read only where
 * the first reading showed the text's lines (`showsText`): a photo without a
 * sign of a scroll is given up without it.
 */
export type Reading<C, R> = {
  readonly name: ReadingName;
  readonly fallback: boolean;
  readonly when: (c: C) => boolean;
  readonly read: (c: C) => R;
  readonly keep: (c: C, read: R) => boolean;
};

/** What a table's readings share of one photo: what is kept so far, the photo's budget, the opinions logged, and whether the text's lines showed. */
export type ReadingContext<R> = {
  kept: R;
  readonly budget: ReadingBudget;
  readonly opinions: Opinion[] | undefined;
  readonly showsText: () => boolean;
};

/** Walks `readings` in order for one photo's context `c` (see Reading); returns what is kept. */
export function walkReadings<C extends ReadingContext<R>, R>(readings: readonly Reading<C, R>[], c: C): R {
  for (const [i, reading] of readings.entries()) {
    if (reading.fallback && !c.showsText()) continue;
    if (!reading.when(c)) continue;
    const taken = !c.budget.spent();
    if (i > 0) c.opinions?.push({ name: reading.name, taken });
    if (!taken) break;
    c.budget.spend();
    const read = reading.read(c);
    if (reading.keep(c, read)) c.kept = read;
  }
  return c.kept;
}

/**
 * How much reading one photo may take: a number of readings (of either table,
 * and analyze-photo.ts's at the working size), and the
 * CPU time of the thread reading it, counted from the budget's start. A
 * reading is not begun once either is spent; the one under way runs to its
 * end, and the reading kept so far is the answer.
 */
export class ReadingBudget {
  readonly #readings: number;
  readonly #cpuMs: number;
  readonly #clock: () => number;
  readonly #start: number;
  #read = 0;

  constructor(limits: { readonly readings: number; readonly cpuMs: number }, clock: () => number = threadCpuMs) {
    this.#readings = limits.readings;
    this.#cpuMs = limits.cpuMs;
    this.#clock = clock;
    this.#start = clock();
  }

  /** Whether no further reading may begin. */
  spent(): boolean {
    return this.#read >= this.#readings || this.#clock() - this.#start >= this.#cpuMs;
  }

  spend(): void {
    this.#read++;
  }

  /** Readings begun so far. */
  get read(): number {
    return this.#read;
  }
}

/** CPU time of the calling thread (a worker's own, not its neighbours'), in milliseconds. */
function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}
