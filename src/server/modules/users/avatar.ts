import { AVATAR_SIZE } from '../../../shared/api/users.js';
import { pictureToWebp, storeByHash } from '../../platform/pictures.js';
import type { Storage } from '../../platform/storage/index.js';

const URL_PREFIX = '/uploads/avatars/';
const STORED_NAME = /^[0-9a-f]{64}\.webp$/;

/** Public, under `/uploads/avatars/`. */
const AVATARS = 'media/avatars';

/** A 256x256 WebP of the upload, cropped to its centre (checked, upright and without metadata: `pictureToWebp`). */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  const { webp } = await pictureToWebp(input, { field: 'avatar', wrongType: 'The avatar must be a PNG, JPEG, WebP or GIF image.' }, (image) => image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }));
  return webp;
}

/** Stores under its content hash (the same picture is stored once) and answers its public URL. */
export async function storeAvatar(storage: Storage, webp: Buffer): Promise<string> {
  return `${URL_PREFIX}${await storeByHash(storage, AVATARS, webp)}`;
}

/** Removes a stored avatar by its URL; URLs that are not ours are left alone. */
export async function removeAvatarFile(storage: Storage, url: string): Promise<void> {
  if (!url.startsWith(URL_PREFIX)) return;
  const name = url.slice(URL_PREFIX.length);
  if (STORED_NAME.test(name)) await storage.delete(`${AVATARS}/${name}`);
}
