import type { PageQuery } from '../../../../shared/api/common.js';
import type { ArticleCard } from '../../../../shared/api/content.js';
import type { Topic, TopicPatch, TopicWrite } from '../../../../shared/api/content-catalogue.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { Invalid, NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { topicCardPage, type Page } from '../articles/service.js';
import { checkCatalogUnique } from '../catalog-unique.js';
import { localised, serializeTranslations } from '../../../platform/translations.js';
import {
  appendArticles,
  deleteTopic as deleteRow,
  findTopic,
  insertTopic,
  listTopics as listRows,
  updateTopic as updateRow,
  type TopicRow,
  topicsShowingPicture,
} from './repo.js';

const toTopic = (row: TopicRow, lang: Language): Topic => ({
  id: row.id,
  slug: row.slug,
  ...localised({ name: row.name, description: row.description }, row.translations, lang),
  cover: row.cover,
  sort_order: row.sort_order,
  article_count: Number(row.article_count ?? 0),
});

export async function listTopics(ctx: AppContext, page: PageQuery, lang: Language): Promise<Page<Topic>> {
  const { count, rows } = await listRows(ctx.db.kysely, nowIso(), page.page_size, (page.page - 1) * page.page_size);
  return { count, results: rows.map((row) => toTopic(row, lang)) };
}

export async function getTopic(ctx: AppContext, id: number, lang: Language): Promise<Topic> {
  const row = await findTopic(ctx.db.kysely, nowIso(), id);
  if (!row) throw new NotFound('Topic');
  return toTopic(row, lang);
}

/**
 * Published articles of the topic in the topic's order, then newest first. A page with cards is two
 * statements (its rows with the count, then their references); the topic exists when it has links (they go
 * with it). Only a page without cards looks the topic up, for a 404 or its count.
 */
export async function topicArticles(ctx: AppContext, id: number, page: PageQuery, lang: Language): Promise<Page<ArticleCard>> {
  const listed = await topicCardPage(ctx, id, page, lang);
  if (listed) return listed;
  const topic = await findTopic(ctx.db.kysely, nowIso(), id);
  if (!topic) throw new NotFound('Topic');
  return { count: Number(topic.article_count ?? 0), results: [] };
}

/**
 * Appends the articles to the topic in the order given; one already in it moves to its new place.
 * Drafts may be added: they show once published.
 */
export async function addTopicArticles(ctx: AppContext, id: number, articleIds: number[], lang: Language): Promise<Topic> {
  await getTopic(ctx, id, lang);
  const wanted = [...new Set(articleIds)];
  const missing = await appendArticles(ctx.db.kysely, id, wanted);
  if (missing.length) throw Invalid.field('article_ids', `Unknown id: ${missing.join(', ')}.`);
  ctx.events.changed('topic');
  return getTopic(ctx, id, lang);
}

export async function createTopic(ctx: AppContext, input: TopicWrite, lang: Language): Promise<Topic> {
  await checkCatalogUnique(ctx, 'topics', 'topic', input);
  const now = nowIso();
  const id = await insertTopic(ctx.db.kysely, { ...input, translations: serializeTranslations(input.translations), created_at: now, updated_at: now });
  ctx.events.changed('topic');
  return getTopic(ctx, id, lang);
}

/** PUT sends every field (defaults filled in), PATCH only those to change. */
export async function updateTopic(ctx: AppContext, id: number, input: TopicPatch, lang: Language): Promise<Topic> {
  await getTopic(ctx, id, lang);
  await checkCatalogUnique(ctx, 'topics', 'topic', input, id);
  const { translations, ...fields } = input;
  await updateRow(ctx.db.kysely, id, { ...fields, ...(translations && { translations: serializeTranslations(translations) }), updated_at: nowIso() });
  ctx.events.changed('topic');
  return getTopic(ctx, id, lang);
}

export async function deleteTopic(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteRow(ctx.db.kysely, id))) throw new NotFound('Topic');
  ctx.events.changed('topic');
}

/** Topics whose cover is this library picture. */
export function topicsUsingPicture(ctx: AppContext, url: string): Promise<Array<{ id: number; title: string }>> {
  return topicsShowingPicture(ctx.db.kysely, url);
}
