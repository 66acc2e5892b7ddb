import type {
  ArticleCard,
  ArticleDetail,
  ArticleListQuery,
  ArticlePatch,
  ArticleWrite,
  MembershipStatus,
} from '../../../../shared/api/content.js';
import type { PageQuery } from '../../../../shared/api/common.js';
import type { ArticleRow } from '../../../db/types.js';
import type { Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../../platform/errors.js';
import { htmlToText, readingTime, renderMarkdown } from '../../../platform/markdown.js';
import { nowIso } from '../../../platform/time.js';
import { decideArticleAccess } from '../access.js';
import {
  countArticles,
  existingIds,
  findArticle,
  findArticleBySlug,
  hydrateCards,
  listByViews,
  listNewest,
  publishedArticles,
  relatedIds,
  replaceArticleTags,
  replaceArticleTopics,
  type ArticleFilters,
  type CardRow,
} from './repo.js';

export interface Page<T> {
  count: number;
  results: T[];
}

const isPublic = (a: ArticleRow) => a.status === 'published' && a.published_at !== null && a.published_at <= nowIso();

async function toDetail(ctx: AppContext, actor: Actor | null, article: ArticleRow): Promise<ArticleDetail> {
  const [card] = await hydrateCards(ctx.db.kysely, [article]);
  const decision = await decideArticleAccess(ctx, actor, article);
  return {
    ...card,
    status: article.status,
    locked: !decision.can_read,
    content_html: decision.can_read ? article.content_html : null,
  };
}

/** A published article as the caller may see it; drafts and future articles are 404 here. */
export async function getArticle(ctx: AppContext, actor: Actor | null, id: number): Promise<ArticleDetail> {
  const article = await findArticle(ctx.db.kysely, id);
  if (!article || !isPublic(article)) throw new NotFound('Article');
  return toDetail(ctx, actor, article);
}

/** Staff preview: any status, full text. The caller must already be checked as staff. */
export async function previewArticle(ctx: AppContext, actor: Actor, id: number): Promise<ArticleDetail> {
  const article = await findArticle(ctx.db.kysely, id);
  if (!article) throw new NotFound('Article');
  return toDetail(ctx, actor, article);
}

export async function listArticleCards(
  ctx: AppContext,
  filters: ArticleFilters,
  page: PageQuery,
): Promise<Page<ArticleCard>> {
  const db = ctx.db.kysely;
  const q = publishedArticles(db, filters);
  const [count, rows] = await Promise.all([countArticles(q), listNewest(q, page.page_size, (page.page - 1) * page.page_size)]);
  return { count, results: await hydrateCards(db, rows) };
}

export function listSummaries(ctx: AppContext, query: ArticleListQuery) {
  const { page, page_size, ...filters } = query;
  return listArticleCards(ctx, filters, { page, page_size });
}

export async function getSummary(ctx: AppContext, id: number): Promise<ArticleCard> {
  const [card] = await cardsByIds(ctx, [id]);
  if (!card) throw new NotFound('Article');
  return card;
}

export async function cardsByIds(ctx: AppContext, ids: number[]): Promise<ArticleCard[]> {
  const db = ctx.db.kysely;
  const rows = await listNewest(publishedArticles(db, { ids }), ids.length || 1, 0);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hydrateCards(db, ids.map((id) => byId.get(id)).filter((r): r is CardRow => r !== undefined));
}

/**
 * The bodies of these published articles that the actor may read (a private feed for a member or
 * staff); articles they may not read are simply absent from the map.
 */
export async function readableBodies(ctx: AppContext, actor: Actor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await publishedArticles(ctx.db.kysely, { ids })
    .select(['articles.id', 'articles.access', 'articles.free_read', 'articles.content_html'])
    .execute();
  const bodies = new Map<number, string>();
  for (const row of rows) {
    if ((await decideArticleAccess(ctx, actor, row)).can_read) bodies.set(row.id, row.content_html);
  }
  return bodies;
}

/** `article/hot/{id}`: the most read hot articles of category {id}; 0 means every category. */
export async function hotArticles(ctx: AppContext, categoryId: number, limit: number): Promise<ArticleCard[]> {
  const db = ctx.db.kysely;
  const filters: ArticleFilters = categoryId > 0 ? { category: categoryId } : {};
  let rows = await listByViews(publishedArticles(db, { ...filters, hot: true }), limit);
  if (rows.length < limit) {
    const more = await listByViews(publishedArticles(db, filters), limit * 2);
    const seen = new Set(rows.map((r) => r.id));
    rows = [...rows, ...more.filter((r) => !seen.has(r.id))].slice(0, limit);
  }
  return hydrateCards(db, rows);
}

/** `article/hot/banner/{id}`: hot articles that have a cover, for the carousel. */
export async function hotBannerArticles(ctx: AppContext, categoryId: number, limit: number): Promise<ArticleCard[]> {
  const hot = await hotArticles(ctx, categoryId, limit * 3);
  return hot.filter((a) => a.cover).slice(0, limit);
}

export async function relatedArticles(ctx: AppContext, id: number, limit: number): Promise<ArticleCard[]> {
  const article = await findArticle(ctx.db.kysely, id);
  if (!article || !isPublic(article)) throw new NotFound('Article');
  const ids = await relatedIds(ctx.db.kysely, id, article.category_id, limit);
  return cardsByIds(ctx, ids);
}

export async function membershipStatus(ctx: AppContext, actor: Actor | null, id: number): Promise<MembershipStatus> {
  const article = await findArticle(ctx.db.kysely, id);
  if (!article || !isPublic(article)) throw new NotFound('Article');
  const decision = await decideArticleAccess(ctx, actor, article);
  return {
    article_id: article.id,
    access: article.access,
    free_read: Boolean(article.free_read),
    locked: !decision.can_read,
    can_read: decision.can_read,
    reason: decision.reason,
  };
}

function slugify(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return ascii || 'article';
}

async function uniqueSlug(ctx: AppContext, wanted: string, selfId?: number): Promise<string> {
  let slug = wanted;
  for (let n = 2; ; n += 1) {
    const hit = await findArticleBySlug(ctx.db.kysely, slug);
    if (!hit || hit.id === selfId) return slug;
    slug = `${wanted}-${n}`;
  }
}

async function checkReferences(ctx: AppContext, input: ArticlePatch): Promise<void> {
  const db = ctx.db.kysely;
  if (input.author_id && (await existingIds(db, 'users', [input.author_id])).length === 0) {
    throw Invalid.field('author_id', 'No such author.');
  }
  if (input.category_id && (await existingIds(db, 'categories', [input.category_id])).length === 0) {
    throw Invalid.field('category_id', 'No such category.');
  }
  for (const [field, table] of [['tag_ids', 'tags'], ['topic_ids', 'topics']] as const) {
    const wanted = [...new Set(input[field] ?? [])];
    const found = await existingIds(db, table, wanted);
    if (found.length !== wanted.length) throw Invalid.field(field, `Unknown id: ${wanted.filter((id) => !found.includes(id)).join(', ')}.`);
  }
}

function bodyColumns(markdown: string) {
  const content_html = renderMarkdown(markdown);
  const body_text = htmlToText(content_html);
  return { body_markdown: markdown, content_html, body_text, reading_time: readingTime(body_text) };
}

export async function createArticle(ctx: AppContext, actor: Actor, input: ArticleWrite): Promise<ArticleDetail> {
  await checkReferences(ctx, input);
  if (input.slug && (await findArticleBySlug(ctx.db.kysely, input.slug))) throw new Conflict('That slug is taken.', { slug: 'That slug is taken.' });
  const slug = input.slug ?? (await uniqueSlug(ctx, slugify(input.title)));
  const now = nowIso();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('articles')
      .values({
        title: input.title,
        slug,
        summary: input.summary,
        cover: input.cover ?? null,
        ...bodyColumns(input.body_markdown),
        author_id: input.author_id ?? actor.id,
        category_id: input.category_id ?? null,
        access: input.access,
        free_read: input.free_read ? 1 : 0,
        is_hot: input.is_hot ? 1 : 0,
        language: input.language,
        status: input.status,
        view_count: 0,
        published_at: input.published_at ?? (input.status === 'published' ? now : null),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceArticleTags(trx, row.id, [...new Set(input.tag_ids)]);
    await replaceArticleTopics(trx, row.id, [...new Set(input.topic_ids)]);
    return row.id;
  });
  ctx.events.changed('article');
  return previewArticle(ctx, actor, id);
}

export async function updateArticle(ctx: AppContext, actor: Actor, id: number, input: ArticlePatch): Promise<ArticleDetail> {
  const current = await findArticle(ctx.db.kysely, id);
  if (!current) throw new NotFound('Article');
  await checkReferences(ctx, input);
  if (input.slug && input.slug !== current.slug && (await findArticleBySlug(ctx.db.kysely, input.slug))) {
    throw new Conflict('That slug is taken.', { slug: 'That slug is taken.' });
  }
  const now = nowIso();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const status = input.status ?? current.status;
    await trx
      .updateTable('articles')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.slug !== undefined && { slug: input.slug }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.body_markdown !== undefined && bodyColumns(input.body_markdown)),
        ...(input.author_id !== undefined && { author_id: input.author_id }),
        ...(input.category_id !== undefined && { category_id: input.category_id }),
        ...(input.access !== undefined && { access: input.access }),
        ...(input.free_read !== undefined && { free_read: input.free_read ? 1 : 0 }),
        ...(input.is_hot !== undefined && { is_hot: input.is_hot ? 1 : 0 }),
        ...(input.language !== undefined && { language: input.language }),
        status,
        published_at:
          input.published_at !== undefined ? input.published_at : status === 'published' && !current.published_at ? now : current.published_at,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    if (input.tag_ids) await replaceArticleTags(trx, id, [...new Set(input.tag_ids)]);
    if (input.topic_ids) await replaceArticleTopics(trx, id, [...new Set(input.topic_ids)]);
  });
  ctx.events.changed('article');
  return previewArticle(ctx, actor, id);
}

export async function deleteArticle(ctx: AppContext, id: number): Promise<void> {
  const result = await ctx.db.kysely.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new NotFound('Article');
  ctx.events.changed('article');
}
