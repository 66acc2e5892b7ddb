import type { Author } from '../../../../shared/api/content.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { getUser } from '../../users/service.js';
import { countPublishedBy } from './repo.js';

/** A user is an author once they have a published article; anyone else is not found, so accounts are not probed. */
export async function getAuthor(ctx: AppContext, id: number): Promise<Author> {
  const [user, articleCount] = await Promise.all([getUser(ctx, id), countPublishedBy(ctx.db.kysely, id, nowIso())]);
  if (!user || articleCount === 0) throw new NotFound('Author');
  return {
    id: user.id,
    display_name: user.display_name || user.username,
    username: user.username,
    avatar: user.avatar,
    description: user.description,
    article_count: articleCount,
  };
}
