import { createHash } from 'node:crypto';
import type { Sharp, SharpOptions } from 'sharp';
import { Invalid, UnsupportedMediaType } from './errors.js';
import type { Storage } from './storage/index.js';

/** The picture formats uploads may be in, judged by their bytes. */
const ACCEPTED = new Set(['png', 'jpeg', 'webp', 'gif']);
/**
 * A small file can still decode to a huge bitmap: pictures above 120 megapixels are refused. Phones take 48, 50
 * and 108 megapixel photos, which are read line by line and shrunk while they load, so they stay cheap.
 */
export const MAX_MEGAPIXELS = 120;
const MAX_PIXELS = MAX_MEGAPIXELS * 1_000_000;

type SharpFn = (input: Buffer, options: SharpOptions) => Sharp;
let loading: Promise<SharpFn> | undefined;

/** The image library, loaded on the first upload rather than at start-up (its native binding is slow to load). */
function loadSharp(): Promise<SharpFn> {
  loading ??= import('sharp').then((module) => module.default as SharpFn);
  return loading;
}

/**
 * An uploaded picture as a WebP: its type checked by its bytes (never its name or declared type), turned upright
 * by its EXIF orientation, metadata (GPS and the like) dropped, and shaped by `resize`. A refusal names `field`,
 * with `wrongType` as its message when the bytes are no accepted picture.
 */
export async function pictureToWebp(
  input: Buffer,
  refusal: { field: string; wrongType: string },
  resize: (image: Sharp) => Sharp,
): Promise<{ webp: Buffer; width: number; height: number }> {
  const { field } = refusal;
  const sharp = await loadSharp();
  let header: { format?: string; width?: number; height?: number } = {};
  try {
    // The header only: no pixel is decoded yet, whatever size the picture claims.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    header = {};
  }
  if (!header.format || !ACCEPTED.has(header.format)) throw new UnsupportedMediaType(refusal.wrongType, field);
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_PIXELS) {
    throw Invalid.field(field, `The picture has too many pixels: at most ${MAX_MEGAPIXELS} megapixels.`);
  }
  try {
    const { data, info } = await resize(sharp(input, { limitInputPixels: MAX_PIXELS, animated: false, sequentialRead: true }).rotate())
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch {
    throw new UnsupportedMediaType('The image could not be read.', field);
  }
}

/**
 * Stores a file in `folder` (a storage key's leading part) under its content hash and `ext` (the same file is
 * stored once) and answers its file name: a picture as WebP, or a document.
 */
export async function storeByHash(storage: Storage, folder: string, bytes: Buffer, ext = 'webp'): Promise<string> {
  const name = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
  await storage.put(`${folder}/${name}`, bytes, { immutable: true });
  return name;
}
