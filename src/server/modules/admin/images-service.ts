import path from 'node:path';
import type { Image, ImageListQuery } from '../../../shared/api/admin.js';
import { IMAGE_MAX_WIDTH } from '../../../shared/api/admin.js';
import type { PageQuery } from '../../../shared/api/common.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { pictureToWebp, storeByHash } from '../../platform/pictures.js';
import { nowIso } from '../../platform/time.js';
import { countImages, findImage, findImageBy, insertImage, listImages, type ImageRow } from './images-repo.js';

/** Served by the uploads route (`/uploads/` is DATA_DIR/media): public and immutable, as a name that is a hash may be. */
const URL_PREFIX = '/uploads/images/';
const imagesDir = (dataDir: string) => path.join(dataDir, 'media', 'images');

const toImage = (row: ImageRow): Image => ({
  id: row.id,
  title: row.title,
  url: row.url,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  uploaded_by: row.uploaded_by,
  created_at: row.created_at,
});

/**
 * Adds a picture to the library: checked by its bytes, upright, without metadata, at most IMAGE_MAX_WIDTH wide
 * (never enlarged), stored once per content as WebP. Its URL is what a cover or a product's picture names.
 */
export async function uploadImage(ctx: AppContext, actor: Actor, upload: { bytes: Buffer; title: string }): Promise<Image> {
  const { webp, width, height } = await pictureToWebp(upload.bytes, { field: 'file', wrongType: 'The picture must be a PNG, JPEG, WebP or GIF image.' }, (image) => image.resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true }));
  const name = storeByHash(imagesDir(ctx.config.dataDir), webp);
  const row = await insertImage(ctx.db.kysely, {
    title: upload.title,
    url: `${URL_PREFIX}${name}`,
    width,
    height,
    bytes: webp.byteLength,
    uploaded_by: actor.id,
    created_at: nowIso(),
  });
  return toImage(row);
}

export async function listLibrary(ctx: AppContext, query: ImageListQuery & PageQuery): Promise<{ count: number; results: Image[] }> {
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countImages(db, query.search), listImages(db, query.search, query.page_size, offsetOf(query))]);
  return { count, results: rows.map(toImage) };
}

export async function getImage(ctx: AppContext, id: number): Promise<Image> {
  const row = await findImage(ctx.db.kysely, id);
  if (!row) throw new NotFound('Image');
  return toImage(row);
}

export async function findLibraryImage(ctx: AppContext, by: { url?: string; title?: string }): Promise<Image> {
  if ((by.url === undefined) === (by.title === undefined)) throw Invalid.field('url', 'Give either url or title.');
  const row = by.url !== undefined ? await findImageBy(ctx.db.kysely, 'url', by.url) : await findImageBy(ctx.db.kysely, 'title', by.title!);
  if (!row) throw new NotFound('Image');
  return toImage(row);
}
