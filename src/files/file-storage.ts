// Where uploaded and generated files live. Keys are slash-separated paths;
// those under `public/` are served at `static/...`, everything else is private
// (the original registration photos). The local folder is the default backend;
// a shared one (issue 3) implements the same interface.
import type { Readable } from 'node:stream';

export interface FileStorage {
  /** Resolves only once the file is complete and durable under its final key; a failed write leaves nothing. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** A stream of the file and its size, or null when there is none. */
  open(key: string): Promise<{ readonly stream: Readable; readonly size: number } | null>;
  /** Removes the file if present. */
  remove(key: string): Promise<void>;
  /**
   * Every file under `public/` and `private/`, complete or left by a write
   * that never finished (a process killed mid-write), in no particular order.
   * A file removed while the listing runs is skipped, not an error.
   */
  list(): AsyncIterable<ListedFile>;
  /** Removes what an unfinished write left, as `list` named it, if still present. */
  discardUnfinished(key: string): Promise<void>;
}

export type ListedFile = {
  /** A complete file's key; for an unfinished write, the path of its leftover (not a key: no row can name it). */
  readonly key: string;
  readonly unfinished: boolean;
  /** When it was last written, by the storage's clock. */
  readonly modifiedAt: Date;
};

export const PUBLIC_PREFIX = 'public/';
/** Every key lies under one of these; anything else in the folder is not the storage's. */
export const STORAGE_PREFIXES = [PUBLIC_PREFIX, 'private/'] as const;

/** Relative URL of a public file, as the spec's `static/...` paths. */
export function publicUrlOf(key: string | null): string {
  if (key === null || key === '') return '';
  if (!key.startsWith(PUBLIC_PREFIX)) throw new Error(`Not a public file: ${key}`);
  return 'static/' + key.slice(PUBLIC_PREFIX.length);
}

/**
 * Keys never climb out of the storage root and never name the hidden
 * temporary files of an unfinished write.
 */
export function isValidKey(key: string): boolean {
  const segments = key.split('/');
  return segments.every(
    (segment) => segment !== '' && !segment.startsWith('.') && !segment.includes('\\') && !segment.includes('\0'),
  );
}

/** The storage key a `static/...` request path names, or null when it names none. */
export function keyOfPublicPath(relativePath: string): string | null {
  return isValidKey(relativePath) ? PUBLIC_PREFIX + relativePath : null;
}
