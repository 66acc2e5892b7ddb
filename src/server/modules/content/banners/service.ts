import type { Banner } from '../../../../shared/api/content-site.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { localised } from '../../../platform/translations.js';
import { activeBanners, bannersShowingPicture } from './repo.js';

/** Active banners of one carousel, by position, in `lang` where they have a version in it. */
export async function bannersOf(ctx: AppContext, kind: Banner['kind'], lang: Language): Promise<Banner[]> {
  return (await activeBanners(ctx.db.kysely, kind)).map(({ translations, ...row }) => ({
    ...row,
    ...localised({ title: row.title, subtitle: row.subtitle }, translations, lang),
  }));
}

/** Banners that show this library picture. */
export function bannersUsingPicture(ctx: AppContext, url: string): Promise<Array<{ id: number; title: string }>> {
  return bannersShowingPicture(ctx.db.kysely, url);
}
