import type { Config } from '../../config.js';
import { diskStorage } from './disk.js';
import type { Storage } from './storage.js';

export { contentTypeOfKey, isValidKey, PUBLIC_MEDIA, type ObjectInfo, type Storage, type StoredObject } from './storage.js';

/**
 * The configured store: the bucket of `STORAGE_URL`, else DATA_DIR. The SDK is loaded only for a bucket.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Promise<Storage> {
  if (!config.storage) return diskStorage(config.dataDir);
  const { s3Storage } = await import('./s3.js');
  return s3Storage(config.storage);
}

/** At start-up, before any worker: the bucket of `STORAGE_URL` answers (an error naming it otherwise). */
export async function checkStorage(config: Pick<Config, 'dataDir' | 'storage'>): Promise<void> {
  const storage = await createStorage(config);
  try {
    await storage.check();
  } finally {
    storage.close();
  }
}
