import type { ArticleDetail, ArticlePatch, ArticleWrite, UnpublishedArticle, UnpublishedQuery } from '../../../../shared/api/content.js';
import type { Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../../platform/errors.js';
import { offsetOf } from '../../../platform/http.js';
import { htmlToText, readingTime, renderMarkdown } from '../../../platform/markdown.js';
import { nowIso } from '../../../platform/time.js';
import { aliasRulesOfWrite } from '../editorial/alias-older-writes.js';
import { articlesShowingPicture, countUnpublished, deleteArticleRow, existingIds, findArticle, findArticleBySlug, insertArticle, listUnpublished, updateArticleRow } from './repo.js';
import { previewArticle, type Page } from './service.js';

/** Staff's writes of articles through the article calls (create, replace, change, delete) and their lists of them. */

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

export async function checkReferences(ctx: AppContext, input: ArticlePatch): Promise<void> {
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

export function bodyColumns(markdown: string) {
  const content_html = renderMarkdown(markdown);
  const body_text = htmlToText(content_html);
  return { body_markdown: markdown, content_html, body_text, reading_time: readingTime(body_text) };
}

export async function createArticle(ctx: AppContext, actor: Actor, input: ArticleWrite): Promise<ArticleDetail> {
  await checkReferences(ctx, input);
  if (input.slug && (await findArticleBySlug(ctx.db.kysely, input.slug))) throw new Conflict('That slug is taken.', { slug: 'That slug is taken.' });
  const slug = input.slug ?? (await uniqueSlug(ctx, slugify(input.title)));
  const now = nowIso();
  const id = await insertArticle(
    ctx.db.kysely,
    {
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
    },
    [...new Set(input.tag_ids)],
    [...new Set(input.topic_ids)],
  );
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
  const followAliases = await aliasRulesOfWrite(ctx, 'article', id, input, { field: 'status', live: input.status && input.status === 'published' });
  const now = nowIso();
  const status = input.status ?? current.status;
  await updateArticleRow(
    ctx.db.kysely,
    id,
    {
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
      // As on create: a published article without a time (none sent, or null) is published now, never left unseen.
      published_at: (input.published_at !== undefined ? input.published_at : current.published_at) ?? (status === 'published' ? now : null),
      updated_at: now,
    },
    input.tag_ids && [...new Set(input.tag_ids)],
    input.topic_ids && [...new Set(input.topic_ids)],
    followAliases,
  );
  ctx.events.changed('article');
  return previewArticle(ctx, actor, id);
}

/** Staff's list of what is not public yet (drafts, and articles scheduled for later), newest change first. */
export async function listUnpublishedArticles(ctx: AppContext, query: UnpublishedQuery): Promise<Page<UnpublishedArticle>> {
  const db = ctx.db.kysely;
  const now = nowIso();
  const [count, rows] = await Promise.all([countUnpublished(db, now, query.status), listUnpublished(db, now, query.status, query.page_size, offsetOf(query))]);
  return {
    count,
    results: rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: r.status === 'draft' ? 'draft' : 'scheduled',
      published_at: r.published_at,
      updated_at: r.updated_at,
      access: r.access,
      author: r.display_name === null && r.username === null ? null : { id: r.author_id, display_name: r.display_name || r.username || '' },
    })),
  };
}

export async function deleteArticle(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteArticleRow(ctx.db.kysely, id))) throw new NotFound('Article');
  ctx.events.changed('article');
}

/** Articles (any status) that show this library picture: as their cover or in their text. */
export function articlesUsingPicture(ctx: AppContext, url: string): Promise<Array<{ id: number; title: string }>> {
  return articlesShowingPicture(ctx.db.kysely, url);
}
