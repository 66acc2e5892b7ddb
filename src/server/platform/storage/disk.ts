import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, contentTypeOfKey, type ObjectInfo, type PutOptions, type Storage, type StoredObject } from './storage.js';

/**
 * The data folder: a key is its path under `root` (DATA_DIR), as the site stored its files before storage
 * could be a bucket. A file is written beside its place and renamed into it, so a reader in another process
 * never sees half of one.
 */
export function diskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  const infoOf = async (key: string): Promise<(ObjectInfo & { file: string }) | null> => {
    const file = fileOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { file, size: info.size, contentType: contentTypeOfKey(key), lastModified: info.mtime };
  };

  return {
    kind: 'disk',
    async put(key: string, bytes: Buffer, options: PutOptions = {}): Promise<void> {
      const file = fileOf(key);
      if (options.immutable && (await infoOf(key))) return;
      await mkdir(path.dirname(file), { recursive: true });
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.part`);
      try {
        await writeFile(partial, bytes, { flag: 'wx', mode: options.private ? 0o640 : 0o644 });
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async get(key: string): Promise<StoredObject | null> {
      // Opened before it is measured: a file removed meanwhile is still read whole, never cut short.
      const handle = await open(fileOf(key), 'r').catch(() => null);
      if (!handle) return null;
      const info = await handle.stat().catch(() => null);
      if (!info?.isFile()) {
        await handle.close();
        return null;
      }
      return { size: info.size, contentType: contentTypeOfKey(key), lastModified: info.mtime, body: handle.createReadStream() };
    },
    async head(key: string): Promise<ObjectInfo | null> {
      const info = await infoOf(key);
      if (!info) return null;
      const { file: _file, ...rest } = info;
      return rest;
    },
    async delete(key: string): Promise<void> {
      await rm(fileOf(key), { force: true });
    },
    async check(): Promise<void> {
      await mkdir(root, { recursive: true });
    },
    close(): void {},
  };
}
