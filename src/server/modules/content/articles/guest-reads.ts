import { z } from 'zod';
import { idParam } from '../../../../shared/api/common.js';
import { articleCard, articleDetail, contentLanguage, contentPaths } from '../../../../shared/api/content.js';
import type { AppContext } from '../../../platform/context.js';
import { entitlementOfActor } from '../access.js';
import { getArticle, relatedArticles } from './service.js';
import type { ViewCounter } from './views.js';

/** A page loader names its language; a call without one is the API's to answer (cookie, Accept-Language). */
const inLanguage = z.object({ lang: contentLanguage });
const relatedQuery = inLanguage.extend({ limit: z.coerce.number().int().min(1).max(50).default(10) });

/**
 * The article page's calls, answered in process when the server renders it: the article as a guest may read it
 * (its read counted, as the API call counts it) and its related cards.
 */
export function addArticleGuestReads(ctx: AppContext, views: ViewCounter): void {
  ctx.guestReads.add(contentPaths.article, {
    params: idParam,
    query: inLanguage,
    response: articleDetail,
    read: async ({ params, query }) => {
      const article = await getArticle(ctx, await entitlementOfActor(ctx, null), params.id, query.lang);
      views.count(article.id);
      return article;
    },
  });
  ctx.guestReads.add(contentPaths.articleRelated, {
    params: idParam,
    query: relatedQuery,
    response: z.array(articleCard),
    read: ({ params, query }) => relatedArticles(ctx, params.id, query.limit, query.lang),
  });
}
