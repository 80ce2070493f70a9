import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isValidKey, type FileStorage } from './file-storage.ts';

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
      const temporary = path.join(directory, `.tmp-${randomBytes(8).toString('hex')}`);
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
  };
}
