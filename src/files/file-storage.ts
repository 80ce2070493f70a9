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
}

export const PUBLIC_PREFIX = 'public/';

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
