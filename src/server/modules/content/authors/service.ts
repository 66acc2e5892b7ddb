import type { Author } from '../../../../shared/api/content-catalogue.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { localised } from '../../../platform/translations.js';
import { findAuthor } from './repo.js';

/**
 * A user is an author once they have a published article; anyone else is not found, so accounts are not
 * probed. The description is in `lang` when the author has one in it.
 */
export async function getAuthor(ctx: AppContext, id: number, lang: Language): Promise<Author> {
  const user = await findAuthor(ctx.db.kysely, id, nowIso());
  const articleCount = Number(user?.article_count ?? 0);
  if (!user || articleCount === 0) throw new NotFound('Author');
  return {
    id: user.id,
    display_name: user.display_name || user.username,
    username: user.username,
    avatar: user.avatar,
    ...localised({ description: user.description }, user.translations, lang),
    article_count: articleCount,
  };
}
