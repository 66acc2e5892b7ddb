import { rmSync } from 'node:fs';
import path from 'node:path';
import { AVATAR_SIZE } from '../../../shared/api/users.js';
import { pictureToWebp, storeByHash } from '../../platform/pictures.js';

const URL_PREFIX = '/uploads/avatars/';
const STORED_NAME = /^[0-9a-f]{64}\.webp$/;

const avatarDir = (dataDir: string) => path.join(dataDir, 'media', 'avatars');

/** A 256x256 WebP of the upload, cropped to its centre (checked, upright and without metadata: `pictureToWebp`). */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  const { webp } = await pictureToWebp(input, { field: 'avatar', wrongType: 'The avatar must be a PNG, JPEG, WebP or GIF image.' }, (image) => image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }));
  return webp;
}

/** Stores under its content hash (the same picture is stored once) and answers its public URL. */
export function storeAvatar(dataDir: string, webp: Buffer): string {
  return `${URL_PREFIX}${storeByHash(avatarDir(dataDir), webp)}`;
}

/** Removes a stored avatar by its URL; URLs that are not ours are left alone. */
export function removeAvatarFile(dataDir: string, url: string): void {
  if (!url.startsWith(URL_PREFIX)) return;
  const name = url.slice(URL_PREFIX.length);
  if (STORED_NAME.test(name)) rmSync(path.join(avatarDir(dataDir), name), { force: true });
}
