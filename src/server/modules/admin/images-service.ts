import type { Image, ImageListQuery } from '../../../shared/api/admin.js';
import { IMAGE_MAX_WIDTH } from '../../../shared/api/admin.js';
import type { PageQuery } from '../../../shared/api/common.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { pictureToWebp, storeByHash } from '../../platform/pictures.js';
import { nowIso } from '../../platform/time.js';
import { contentShowingPicture } from '../content/picture-uses.js';
import { coursesShowingPictureAt } from '../courses/picture-uses.js';
import { pagesShowingPictureAt } from '../pages/service.js';
import { productsShowingPictureAt } from '../shop/catalogue-service.js';
import { countImages, countImagesWithUrl, deleteImage, findImage, findImageBy, insertImage, listImages, type ImageRow } from './images-repo.js';

/** Served by the uploads route (`/uploads/` is storage's `media/`): public and immutable, as a name that is a hash may be. */
const URL_PREFIX = '/uploads/images/';
const IMAGES = 'media/images';

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
  const name = await storeByHash(ctx.storage, IMAGES, webp);
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

/** At most this many uses are named in a refusal; the rest are counted. */
const NAMED_USES = 5;

/**
 * Deletes a picture from the library. While the site shows it (a cover, a banner, a product's picture, an
 * article's, course's, lesson's or site page's text) and no other record holds the same file, it is refused (409 naming where
 * it shows), since those pages would show a broken picture. The file goes with the last record that names it.
 */
export async function deleteLibraryImage(ctx: AppContext, id: number): Promise<void> {
  const db = ctx.db.kysely;
  const row = await findImage(db, id);
  if (!row) throw new NotFound('Image');
  const shared = (await countImagesWithUrl(db, row.url)) > 1;
  if (!shared) {
    const uses = (await Promise.all([contentShowingPicture(ctx, row.url), coursesShowingPictureAt(ctx, row.url), productsShowingPictureAt(ctx, row.url), pagesShowingPictureAt(ctx, row.url)])).flat();
    if (uses.length > 0) {
      const named = uses.slice(0, NAMED_USES).map((use) => `${use.what} "${use.title}"`);
      const more = uses.length > NAMED_USES ? ` and ${uses.length - NAMED_USES} more` : '';
      const where = `${named.join(', ')}${more}`;
      throw new Conflict(uses.length === 1 ? `This picture is shown by ${where}; give it another picture first.` : `This picture is shown by ${where}; give them another picture first.`);
    }
  }
  await deleteImage(db, id);
  const name = row.url.slice(row.url.lastIndexOf('/') + 1);
  if (!shared && row.url.startsWith(URL_PREFIX) && (await countImagesWithUrl(db, row.url)) === 0) await ctx.storage.delete(`${IMAGES}/${name}`);
}
