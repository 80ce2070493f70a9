import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, mkdir, open, opendir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isValidKey, STORAGE_PREFIXES, type FileStorage, type ListedFile } from './file-storage.ts';

/** Names of the temporary files writes go through; a leftover one is a write that never finished. */
const TEMPORARY_PREFIX = '.tmp-';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files in a folder; writes go to a temporary name, are fsynced, then renamed into place. */
export function localFileStorage(root: string): FileStorage {
  const resolve = (key: string): string => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };

  return {
    async put(key, bytes) {
      const target = resolve(key);
      const directory = path.dirname(target);
      await mkdir(directory, { recursive: true });
      const temporary = path.join(directory, `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);
      try {
        const handle = await open(temporary, 'wx');
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      // The rename itself is durable only once the directory entry is flushed.
      const directoryHandle = await open(directory, 'r');
      try {
        await directoryHandle.sync();
      } finally {
        await directoryHandle.close();
      }
    },

    async get(key) {
      try {
        return new Uint8Array(await readFile(resolve(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async open(key) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(key) {
      await rm(resolve(key), { force: true });
    },

    async *list() {
      for (const prefix of STORAGE_PREFIXES) yield* walk(root, prefix.slice(0, -1));
    },

    async discardUnfinished(key) {
      const segments = key.split('/');
      const name = segments.pop() ?? '';
      const folder = segments.join('/');
      const inStorage = STORAGE_PREFIXES.some((prefix) => `${folder}/`.startsWith(prefix)) && isValidKey(folder);
      if (!inStorage || !name.startsWith(TEMPORARY_PREFIX) || /[\\/\0]/.test(name)) {
        throw new Error(`Not an unfinished write: ${key}`);
      }
      await rm(path.join(root, ...segments, name), { force: true });
    },
  };
}

/** The files under `root/folder`, depth first; entries that vanish meanwhile (another node's removal) are skipped. */
async function* walk(root: string, folder: string): AsyncGenerator<ListedFile> {
  let directory;
  try {
    directory = await opendir(path.join(root, ...folder.split('/')));
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of directory) {
    const key = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      yield* walk(root, key);
      continue;
    }
    const unfinished = entry.name.startsWith(TEMPORARY_PREFIX);
    if (!entry.isFile() || (!unfinished && !isValidKey(key))) continue;
    try {
      const info = await lstat(path.join(root, ...key.split('/')));
      yield { key, unfinished, modifiedAt: info.mtime };
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}
