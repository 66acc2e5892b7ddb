import { z } from 'zod';
import { idParam } from '../../../../shared/api/common.js';
import {
  articleCard,
  articleDetail,
  articleList,
  articlePatch,
  articleListQuery,
  articleUnlock,
  articleWrite,
  cardPageQuery,
  contentLanguage,
  contentPaths,
  FINGERPRINT_HEADER,
  languageQuery,
  membershipStatus,
  unpublishedList,
  unpublishedQuery,
} from '../../../../shared/api/content.js';
import { requireStaff } from '../../../platform/auth.js';
import { moduleRoutes, paginate, privateResponse, sendJsonBytes, serializedJson } from '../../../platform/http.js';
import { createGuestCache } from '../../../platform/guest-cache.js';
import {
  getArticle,
  getSummary,
  hotArticles,
  hotBannerArticles,
  listArticleCards,
  listSummaries,
  membershipStatus as getMembershipStatus,
  previewArticle,
  relatedArticles,
  unlockArticle,
} from './service.js';
import { createArticle, deleteArticle, listUnpublishedArticles, updateArticle } from './staff-service.js';
import { entitlementOf } from '../access.js';
import { ViewCounter, writeViews } from './views.js';
import { NotFound } from '../../../platform/errors.js';
import { secretMatches } from '../../../platform/secrets.js';
import { requestLanguage } from '../../../platform/request-language.js';
import { registerEditable } from '../editorial/service.js';
import { articleEditing } from './editing.js';
import { addArticleGuestReads } from './guest-reads.js';

const tags = ['articles'];
/** Card lists name categories, tags and topics in `lang` (else the reader's language cookie or Accept-Language). */
const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10), lang: contentLanguage.optional() });
const categoryParam = z.object({ id: z.coerce.number().int().min(0) });
/** Guests' article answers kept: at most this many, and this many bytes (an answer is 1 to 30 KB). */
const GUEST_ANSWERS = 1000;
const GUEST_ANSWER_BYTES = 4 * 1024 * 1024;

export const articleRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  registerEditable(ctx, articleEditing);
  const views = new ViewCounter({ write: writeViews(ctx), log: app.log });
  app.addHook('onClose', () => views.flush());
  // An article page served from the page cache never calls this API: the page server counts its read here.
  ctx.pageViews.register('article', (id) => views.count(id));
  addArticleGuestReads(ctx, views);
  const guestAnswers = createGuestCache<{ body: Buffer; premium: boolean }>(ctx, GUEST_ANSWERS, { max: GUEST_ANSWER_BYTES, size: (a) => a.body.byteLength });

  app.get(contentPaths.article, {
    schema: { tags, summary: 'An article; premium text only for readers allowed it', params: idParam, querystring: languageQuery, response: { 200: articleDetail } },
    handler: async (request, reply) => {
      const who = await entitlementOf(ctx, request);
      const lang = requestLanguage(request, reply);
      const { id } = request.params;
      if (who.loggedIn) {
        const article = await getArticle(ctx, who, id, lang);
        views.count(article.id);
        privateResponse(reply);
        return article;
      }
      // A guest's answer depends on the article and the language only (the meter is spent by the unlock call,
      // never here): kept as its bytes until content changes, like a guest page.
      const answer = await guestAnswers.get(`${lang} ${id}`, async () => {
        const article = await getArticle(ctx, who, id, lang);
        return { body: serializedJson(reply, article), premium: article.access !== 'free' };
      });
      views.count(id);
      // A premium or plan article's answer is never left to a shared cache, whoever asks.
      if (answer.premium) privateResponse(reply);
      else reply.header('cache-control', 'public, max-age=0, must-revalidate');
      return sendJsonBytes(reply, answer.body);
    },
  });

  app.get(contentPaths.articleUnpublished, {
    schema: {
      tags,
      summary: 'Staff: drafts and articles scheduled for later (no public list shows them), newest change first',
      querystring: unpublishedQuery,
      response: { 200: unpublishedList },
    },
    handler: async (request, reply) => {
      await requireStaff(request);
      privateResponse(reply);
      const page = await listUnpublishedArticles(ctx, request.query);
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(contentPaths.articleAdminPreview, {
    schema: { tags, summary: 'Staff preview of any article, drafts included', params: idParam, querystring: languageQuery, response: { 200: articleDetail } },
    handler: async (request, reply) => {
      const actor = await requireStaff(request);
      privateResponse(reply);
      return previewArticle(ctx, actor, request.params.id, requestLanguage(request, reply));
    },
  });

  app.get(contentPaths.articleAdminPreviewSecret, {
    schema: { tags, summary: 'Check the secret segment of the admin preview page', params: z.object({ secret: z.string().max(200) }) },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      if (!secretMatches(request.params.secret, ctx.config.adminPreviewSecret)) throw new NotFound('Page');
      return reply.status(204).send();
    },
  });

  app.get(contentPaths.articlesByAuthor, {
    schema: { tags, summary: "An author's published articles", params: idParam, querystring: cardPageQuery, response: { 200: articleList } },
    handler: async (request, reply) => {
      const page = await listArticleCards(ctx, { author: request.params.id }, request.query, requestLanguage(request, reply));
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(contentPaths.articleHot, {
    schema: { tags, summary: 'Hot articles of a category (0 = all)', params: categoryParam, querystring: limitQuery, response: { 200: z.array(articleCard) } },
    handler: async (request, reply) => hotArticles(ctx, request.params.id, request.query.limit, requestLanguage(request, reply)),
  });

  app.get(contentPaths.articleHotBanner, {
    schema: { tags, summary: 'Hot articles with a cover, for the carousel (0 = all)', params: categoryParam, querystring: limitQuery, response: { 200: z.array(articleCard) } },
    handler: async (request, reply) => hotBannerArticles(ctx, request.params.id, request.query.limit, requestLanguage(request, reply)),
  });

  app.get(contentPaths.articleMembershipStatus, {
    schema: { tags, summary: 'Whether the caller may read an article, and why', params: idParam, response: { 200: membershipStatus } },
    handler: async (request, reply) => {
      privateResponse(reply);
      return getMembershipStatus(ctx, await entitlementOf(ctx, request), request.params.id, requestLanguage(request, reply));
    },
  });

  app.post(contentPaths.articleUnlock, {
    schema: {
      tags,
      summary: 'An article with its body for the caller, spending a metered read where that opens it (guests: x-lectern-fingerprint header)',
      params: idParam,
      querystring: languageQuery,
      response: { 200: articleUnlock },
    },
    // A script trying fingerprints meets the per-network meter first; this only bounds the calls.
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      // The body is the caller's own: never kept by a shared cache, nor by the browser's HTTP cache.
      privateResponse(reply);
      reply.header('vary', `Authorization, ${FINGERPRINT_HEADER}`);
      return unlockArticle(ctx, await entitlementOf(ctx, request), request.params.id, requestLanguage(request, reply));
    },
  });

  app.get(contentPaths.articleRelated, {
    schema: { tags, summary: 'Articles related by tags and category', params: idParam, querystring: limitQuery, response: { 200: z.array(articleCard) } },
    handler: async (request, reply) => relatedArticles(ctx, request.params.id, request.query.limit, requestLanguage(request, reply)),
  });

  app.get(contentPaths.articleSummaryList, {
    schema: { tags, summary: 'Published articles, newest first, without bodies', querystring: articleListQuery, response: { 200: articleList } },
    handler: async (request, reply) => {
      const page = await listSummaries(ctx, request.query, requestLanguage(request, reply));
      return paginate(request, ctx.config.publicUrl, request.query, page.count, page.results);
    },
  });

  app.get(contentPaths.articleSummary, {
    schema: { tags, summary: 'One article without its body', params: idParam, querystring: languageQuery, response: { 200: articleCard } },
    handler: async (request, reply) => getSummary(ctx, request.params.id, requestLanguage(request, reply)),
  });

  app.post(contentPaths.articleCreate, {
    schema: { tags, summary: 'Create an article (staff)', body: articleWrite, response: { 201: articleDetail } },
    handler: async (request, reply) => {
      const actor = await requireStaff(request);
      return reply.status(201).send(await createArticle(ctx, actor, request.body));
    },
  });

  app.put(contentPaths.article, {
    schema: {
      tags,
      summary: 'Replace an article (staff)',
      description: 'Every field left out takes its default, the cover and category none; the author and the publication date stay as they were (an article always has an author, and its first publication is history).',
      params: idParam,
      body: articleWrite,
      response: { 200: articleDetail },
    },
    handler: async (request) => {
      const { body } = request;
      return updateArticle(ctx, await requireStaff(request), request.params.id, { ...body, cover: body.cover ?? null, category_id: body.category_id ?? null });
    },
  });

  app.patch(contentPaths.article, {
    schema: { tags, summary: 'Change some fields of an article (staff)', params: idParam, body: articlePatch, response: { 200: articleDetail } },
    handler: async (request) => updateArticle(ctx, await requireStaff(request), request.params.id, request.body),
  });

  app.delete(contentPaths.article, {
    schema: { tags, summary: 'Delete an article (staff)', params: idParam },
    handler: async (request, reply) => {
      await requireStaff(request);
      await deleteArticle(ctx, request.params.id);
      return reply.status(204).send();
    },
  });
});
