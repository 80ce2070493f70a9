// Removes stored files that no row names. Use cases write files before the
// transaction that names them and remove them if it fails, but a process
// killed in between (kill -9, a lost machine) leaves them behind: a
// registration's private photo and preview, a certificate's files, an
// avatar, and the temporary file of a write cut short. Run at a node's start
// and on a schedule (`scheduleOrphanSweeps`), and by `files sweep` in the CLI.
//
// Safe on several nodes sharing one volume: what is referenced is read first,
// and only files older than the grace period before that read are removed.
// A file whose row commits during the sweep (on any node) was written less
// than the grace before its commit, so it is never one of them; two nodes
// sweeping at once remove the same files, and removing a file already gone is
// no error.
import { createHash } from 'node:crypto';
import type { DomainDeps } from './deps.ts';

/**
 * No file younger than this is removed, referenced or not: far longer than
 * any use case takes from writing a file to committing the row that names it
 * (under a second; a database stall of many minutes still fits), and than the
 * clocks of the nodes and of the shared volume drift apart.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

/** Rows per query while reading which keys are referenced. */
const PAGE_SIZE = 5000;

export type OrphanSweep = {
  /** Files removed (in a dry run, that a sweep would remove): keys, and the paths of unfinished writes' leftovers. */
  readonly removed: readonly string[];
  /** Files no row names that are younger than the grace, left for a later sweep. */
  readonly young: number;
  /** Keys the database names. */
  readonly referenced: number;
  /** Why nothing was (in a dry run, would be) removed although orphans were found; null when they were. */
  readonly refused: string | null;
};

/**
 * Removes every file no row names that is older than ORPHAN_GRACE_MS;
 * `dryRun` only lists them. `signal` stops the sweep between two files (a
 * node shutting down); what was removed by then stays removed.
 */
export async function sweepOrphanFiles(
  deps: Pick<DomainDeps, 'db' | 'files' | 'clock'>,
  options: { readonly dryRun?: boolean; readonly signal?: AbortSignal } = {},
): Promise<OrphanSweep> {
  const cutoffMs = deps.clock.now().getTime() - ORPHAN_GRACE_MS;
  const referenced = await referencedKeys(deps, options.signal);

  const orphans: { readonly key: string; readonly unfinished: boolean }[] = [];
  let young = 0;
  // An interrupted write leaves one or two files; more orphans than files in
  // use means these files are not this database's (a DATABASE_URL or
  // FILES_DIR pointing elsewhere), and removing them would destroy another
  // registry's files. A dry run removes nothing, so it lists them all.
  const outnumbered = () => orphans.length > referenced.size;
  for await (const file of deps.files.list()) {
    options.signal?.throwIfAborted();
    if (!file.unfinished && referenced.has(file.key)) continue;
    if (file.modifiedAt.getTime() >= cutoffMs) {
      young++;
      continue;
    }
    orphans.push(file);
    if (outnumbered() && options.dryRun !== true) break;
  }
  const refused = outnumbered()
    ? `${orphans.length}${options.dryRun === true ? '' : ' or more'} files have no row naming them, more than the ${referenced.size} the database names: ` +
      'is this the database these files belong to? Nothing is removed; check DATABASE_URL and FILES_DIR, or remove the files by hand (files sweep --dry-run lists them).'
    : null;
  if (refused === null && options.dryRun !== true) {
    for (const orphan of orphans) {
      options.signal?.throwIfAborted();
      await (orphan.unfinished ? deps.files.discardUnfinished(orphan.key) : deps.files.remove(orphan.key));
    }
  }
  return {
    removed: refused === null || options.dryRun === true ? orphans.map((orphan) => orphan.key) : [],
    young,
    referenced: referenced.size,
    refused,
  };
}

/**
 * Sweeps now, in the background, then every `intervalMs` (0: never), one sweep
 * at a time. The returned stop ends the schedule and the sweep under way.
 */
export function scheduleOrphanSweeps(
  deps: Pick<DomainDeps, 'db' | 'files' | 'clock'>,
  intervalMs: number,
  report: { readonly swept: (sweep: OrphanSweep) => void; readonly failed: (error: unknown) => void },
): () => Promise<void> {
  if (intervalMs === 0) return async () => undefined;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running !== undefined) return;
    running = sweepOrphanFiles(deps, { signal: stopping.signal })
      .then(report.swept, (error: unknown) => {
        if (!stopping.signal.aborted) report.failed(error);
      })
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}

/**
 * The referenced keys as sorted 64-bit hashes: 8 bytes a key where a set of
 * strings holds about a hundred, for the millions of keys of a large
 * registry. Two keys sharing a hash can only spare an orphan, never remove a
 * referenced file.
 */
async function referencedKeys(deps: Pick<DomainDeps, 'db'>, signal: AbortSignal | undefined): Promise<{ has(key: string): boolean; readonly size: number }> {
  let hashes = new BigUint64Array(1024);
  let size = 0;
  for await (const keys of deps.db.fileReferences.keys(PAGE_SIZE)) {
    signal?.throwIfAborted();
    if (size + keys.length > hashes.length) {
      const grown = new BigUint64Array(Math.max(hashes.length * 2, size + keys.length));
      grown.set(hashes);
      hashes = grown;
    }
    for (const key of keys) hashes[size++] = hashOf(key);
  }
  const sorted = hashes.subarray(0, size).sort();
  return {
    size,
    has(key) {
      const wanted = hashOf(key);
      let low = 0;
      let high = size - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        if (sorted[middle] === wanted) return true;
        if (sorted[middle] < wanted) low = middle + 1;
        else high = middle - 1;
      }
      return false;
    },
  };
}

function hashOf(key: string): bigint {
  return createHash('sha1').update(key).digest().readBigUInt64BE(0);
}
