import type { PageFields } from '../../../shared/api/content-editorial.js';
import { paths } from '../../../web/app/paths.js';
import { Conflict, Invalid } from '../../platform/errors.js';
import { parseTranslations, serializeTranslations } from '../../platform/translations.js';
import { freeSlug, slugOf, type EditableKindAdapter } from '../content/editorial/service.js';
import { countPages, deletePage, findPage, insertPage, listPages, slugTaken, updatePage } from './repo.js';

function columnsOf(fields: PageFields) {
  const zh = { ...(fields.zh_title && { title: fields.zh_title }), ...(fields.zh_body_markdown && { body_markdown: fields.zh_body_markdown }) };
  return {
    title: fields.title,
    slug: fields.slug,
    body_markdown: fields.body_markdown,
    translations: serializeTranslations(Object.keys(zh).length ? { 'zh-CN': zh } : {}),
    show_in_footer: fields.show_in_footer ? (1 as const) : (0 as const),
    sort_order: fields.sort_order,
  };
}

/** The site's own pages in the back office's editor: the Chinese title and text beside the English. */
export const pageEditing: EditableKindAdapter<'page'> = {
  kind: 'page',
  what: 'Page',
  table: 'pages',
  schedulable: true,

  async load(db, id) {
    const row = await findPage(db, id);
    if (!row) return undefined;
    const zh = parseTranslations(row.translations)['zh-CN'] ?? {};
    const fields: PageFields = {
      title: row.title,
      slug: row.slug,
      body_markdown: row.body_markdown,
      zh_title: zh.title ?? '',
      zh_body_markdown: zh.body_markdown ?? '',
      show_in_footer: row.show_in_footer === 1,
      sort_order: row.sort_order,
    };
    return { fields, head: { id, title: row.title, live: row.live === 1, stamp: row.updated_at, updated_at: row.updated_at, html_url: paths.page(row.slug) } };
  },

  async check(ctx, fields, id) {
    const db = ctx.db.kysely;
    if (fields.slug) {
      if (await slugTaken(db, fields.slug, id ?? undefined)) throw new Conflict('That slug is taken.', { slug: 'That slug is taken.' });
      return fields;
    }
    return { ...fields, slug: await freeSlug(slugOf(fields.title, 'page'), (slug) => slugTaken(db, slug, id ?? undefined)) };
  },

  async create(trx, fields, _authorId, now) {
    return (await insertPage(trx, { ...columnsOf(fields), live: 0, first_published_at: null, last_published_at: null, created_at: now, updated_at: now })).id;
  },

  async apply(trx, id, fields, now) {
    await updatePage(trx, id, { ...columnsOf(fields), updated_at: now });
  },

  async publish(trx, id, now) {
    const row = await findPage(trx, id);
    await updatePage(trx, id, { live: 1, first_published_at: row?.first_published_at ?? now, last_published_at: now, updated_at: now });
  },

  async unpublish(trx, id, now) {
    await updatePage(trx, id, { live: 0, updated_at: now });
  },

  async remove(trx, id) {
    await deletePage(trx, id);
  },

  async move(trx, id, body, now) {
    if (body.position === undefined) throw Invalid.field('position', 'Give the page its place in lists and the footer (1 first).');
    await updatePage(trx, id, { sort_order: body.position, updated_at: now });
  },

  async list(db, query) {
    const filter = { search: query.search };
    const [count, rows] = await Promise.all([countPages(db, filter), listPages(db, filter, query.page_size, (query.page - 1) * query.page_size)]);
    return { count, rows: rows.map((r) => ({ id: r.id, title: r.title, live: r.live === 1, updated_at: r.updated_at })) };
  },
};
