import type { Kysely } from 'kysely';
import type { BannersTable, Database } from '../../../db/types.js';

export function activeBanners(db: Kysely<Database>, kind: BannersTable['kind']) {
  return db
    .selectFrom('banners')
    .select(['id', 'title', 'subtitle', 'image', 'link', 'article_id', 'kind', 'position', 'translations'])
    .where('kind', '=', kind)
    .where('is_active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Banners that show this picture. */
export function bannersShowingPicture(db: Kysely<Database>, url: string) {
  return db.selectFrom('banners').select(['id', 'title']).where('image', '=', url).orderBy('id').limit(20).execute();
}
