import type { ArticleFields } from '../../../../shared/api/content-editorial.js';
import { Conflict, Invalid } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { freeSlug, slugOf, type EditableKindAdapter } from '../editorial/kinds.js';
import { deleteArticleRow, insertArticle, updateArticleRow } from './repo.js';
import { articleForEditing, articleSlugTaken, categoryExists, listAllArticles, setArticle } from './editing-repo.js';
import { bodyColumns, checkReferences } from './staff-service.js';
import { checkAccessPlan, checkTranslation, linkTranslation } from '../editorial/translations.js';

const isLive = (row: { status: string; published_at: string | null }, now = nowIso()) => row.status === 'published' && row.published_at !== null && row.published_at <= now;

/** Articles in the back office's editor: a draft until published; the body stored rendered, as readers read it. */
export const articleEditing: EditableKindAdapter<'article'> = {
  kind: 'article',
  what: 'Article',
  table: 'articles',
  schedulable: true,

  async load(db, id) {
    const found = await articleForEditing(db, id);
    if (!found) return undefined;
    const { row } = found;
    const fields: ArticleFields = {
      title: row.title,
      slug: row.slug,
      summary: row.summary,
      cover: row.cover ?? '',
      body_markdown: row.body_markdown,
      category_id: row.category_id,
      tag_ids: found.tag_ids,
      topic_ids: found.topic_ids,
      access: row.access,
      access_plan_id: row.access_plan_id,
      free_read: row.free_read === 1,
      language: row.language === 'zh-CN' ? 'zh-CN' : 'en',
      translation_id: row.translation_id,
    };
    return { fields, head: { id, title: row.title, live: isLive(row), stamp: row.updated_at, updated_at: row.updated_at, html_url: `/article/${id}` } };
  },

  async check(ctx, given, id) {
    await checkReferences(ctx, { ...given, access: undefined });
    const db = ctx.db.kysely;
    const fields = await checkAccessPlan(db, given);
    await checkTranslation(db, 'articles', id, fields.language, fields.translation_id);
    if (fields.slug) {
      if (await articleSlugTaken(db, fields.slug, id)) throw new Conflict('That slug is taken.', { slug: 'That slug is taken.' });
      return fields;
    }
    return { ...fields, slug: await freeSlug(slugOf(fields.title, 'article'), (slug) => articleSlugTaken(db, slug, id)) };
  },

  async create(trx, fields, authorId, now) {
    const id = await insertArticle(
      trx,
      {
        ...columnsOf(fields),
        author_id: authorId,
        is_hot: 0,
        status: 'draft',
        view_count: 0,
        published_at: null,
        created_at: now,
        updated_at: now,
      },
      [...new Set(fields.tag_ids)],
      [...new Set(fields.topic_ids)],
    );
    await linkTranslation(trx, 'articles', id, fields.translation_id, now);
    return id;
  },

  async apply(trx, id, fields, now) {
    await updateArticleRow(trx, id, { ...columnsOf(fields), updated_at: now }, [...new Set(fields.tag_ids)], [...new Set(fields.topic_ids)]);
    await linkTranslation(trx, 'articles', id, fields.translation_id, now);
  },

  async publish(trx, id, now) {
    const found = await articleForEditing(trx, id);
    // The first publication's time is history; one still to come (set through the API) becomes now.
    const publishedAt = found?.row.published_at && found.row.published_at <= now ? found.row.published_at : now;
    await setArticle(trx, id, { status: 'published', published_at: publishedAt, updated_at: now });
  },

  async unpublish(trx, id, now) {
    await setArticle(trx, id, { status: 'draft', updated_at: now });
  },

  async remove(trx, id) {
    await deleteArticleRow(trx, id);
  },

  async move(trx, id, body, now) {
    if (body.category_id === undefined) throw Invalid.field('category_id', 'Choose the category to move the article to (null: none).');
    if (body.category_id !== null && !(await categoryExists(trx, body.category_id))) {
      throw Invalid.field('category_id', 'No such category.');
    }
    await setArticle(trx, id, { category_id: body.category_id, updated_at: now });
  },

  async list(db, query) {
    const { count, rows } = await listAllArticles(db, query.search, query.page_size, (query.page - 1) * query.page_size);
    const now = nowIso();
    return { count, rows: rows.map((r) => ({ id: r.id, title: r.title, live: isLive(r, now), updated_at: r.updated_at, language: r.language })) };
  },
};

function columnsOf(fields: ArticleFields) {
  return {
    title: fields.title,
    slug: fields.slug,
    summary: fields.summary,
    cover: fields.cover || null,
    ...bodyColumns(fields.body_markdown),
    category_id: fields.category_id,
    access: fields.access,
    access_plan_id: fields.access === 'plan' ? fields.access_plan_id : null,
    free_read: fields.free_read ? (1 as const) : (0 as const),
    language: fields.language,
    translation_id: fields.translation_id,
  };
}
