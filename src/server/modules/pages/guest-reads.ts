import { z } from 'zod';
import { contentLanguage } from '../../../shared/api/content.js';
import { footerPages as footerPagesSchema, pageSlugParam, publicPage, publicPagePaths } from '../../../shared/api/pages.js';
import type { AppContext } from '../../platform/context.js';
import { createGuestCache } from '../../platform/guest-cache.js';
import { footerPages, readLivePage } from './service.js';

const inLanguage = z.object({ lang: contentLanguage });
const noParams = z.object({});

/**
 * Every page the server renders lists the footer's pages, and a site page renders its own: answered in process,
 * kept per language until content changes, as the API keeps its answers.
 */
export function addPageGuestReads(ctx: AppContext): void {
  const kept = createGuestCache<object>(ctx, 200);
  ctx.guestReads.add(publicPagePaths.footer, {
    params: noParams,
    query: inLanguage,
    response: footerPagesSchema,
    read: ({ query }) => kept.get(`footer ${query.lang}`, () => footerPages(ctx, query.lang)),
  });
  ctx.guestReads.add(publicPagePaths.pageBySlug, {
    params: pageSlugParam,
    query: inLanguage,
    response: publicPage,
    read: ({ params, query }) => kept.get(`page ${query.lang} ${params.slug}`, () => readLivePage(ctx, params.slug, query.lang)),
  });
}
