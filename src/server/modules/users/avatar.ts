import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Sharp, SharpOptions } from 'sharp';
import { AVATAR_SIZE } from '../../../shared/api/users.js';
import { UnsupportedMediaType } from '../../platform/errors.js';

const ACCEPTED = new Set(['png', 'jpeg', 'webp', 'gif']);
// A small file can still decode to a huge bitmap; refuse anything above ~40 megapixels.
const MAX_PIXELS = 40_000_000;
const URL_PREFIX = '/uploads/avatars/';
const STORED_NAME = /^[0-9a-f]{64}\.webp$/;

const avatarDir = (dataDir: string) => path.join(dataDir, 'media', 'avatars');

type SharpFn = (input: Buffer, options: SharpOptions) => Sharp;
let loading: Promise<SharpFn> | undefined;

/** The image library, loaded on the first avatar rather than at start-up (its native binding is slow to load). */
function loadSharp(): Promise<SharpFn> {
  loading ??= import('sharp').then((module) => module.default as SharpFn);
  return loading;
}

/**
 * Checks the type by the bytes (never the name or the declared type), then makes a 256x256 WebP: turned
 * upright by its EXIF orientation, cropped to the centre, metadata (GPS and the like) dropped.
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw new UnsupportedMediaType('The avatar must be a PNG, JPEG, WebP or GIF image.', 'avatar');
  try {
    return await sharp(input, { limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new UnsupportedMediaType('The image could not be read.', 'avatar');
  }
}

/** Stores under its content hash (the same picture is stored once) and answers its public URL. */
export function storeAvatar(dataDir: string, webp: Buffer): string {
  const name = `${createHash('sha256').update(webp).digest('hex')}.webp`;
  const dir = avatarDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  if (!existsSync(file)) writeFileSync(file, webp);
  return `${URL_PREFIX}${name}`;
}

/** Removes a stored avatar by its URL; URLs that are not ours are left alone. */
export function removeAvatarFile(dataDir: string, url: string): void {
  if (!url.startsWith(URL_PREFIX)) return;
  const name = url.slice(URL_PREFIX.length);
  if (STORED_NAME.test(name)) rmSync(path.join(avatarDir(dataDir), name), { force: true });
}
