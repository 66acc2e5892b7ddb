import type { Banner } from '../../../../shared/api/content.js';
import type { AppContext } from '../../../platform/context.js';
import { activeBanners } from './repo.js';

/** Active banners of one carousel, by position. */
export function bannersOf(ctx: AppContext, kind: Banner['kind']): Promise<Banner[]> {
  return activeBanners(ctx.db.kysely, kind);
}
