import type { PageQuery } from '../../../shared/api/common.js';
import {
  isPageAction,
  PAGE_ACTIONS,
  type FooterPage,
  type Page,
  type PageActionBody,
  type PageCreate,
  type PageFindQuery,
  type PageListQuery,
  type PagePatch,
  type PublicPage,
} from '../../../shared/api/pages.js';
import type { Language } from '../../../shared/i18n/index.js';
import { paths } from '../../../web/app/paths.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { itemAction } from '../content/editorial/action-service.js';
import { followOriginal, refuseOwnPublication } from '../content/editorial/alias-sync.js';
import { adapterOf } from '../content/editorial/kinds.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { htmlToText, renderMarkdown } from '../../platform/markdown.js';
import { nowIso } from '../../platform/time.js';
import { localised, parseTranslations, serializeTranslations } from '../../platform/translations.js';
import {
  countPages,
  deletePage,
  findLivePage,
  findPage,
  findPageBy,
  insertPage,
  listFooterPages,
  listLivePageStamps,
  listPages,
  pagesShowingPicture,
  slugTaken,
  updatePage,
  type PageRow,
} from './repo.js';

const toPage = (row: PageRow): Page => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  body_markdown: row.body_markdown,
  translations: parseTranslations(row.translations),
  live: row.live === 1,
  first_published_at: row.first_published_at,
  last_published_at: row.last_published_at,
  updated_at: row.updated_at,
  show_in_footer: row.show_in_footer === 1,
  sort_order: row.sort_order,
  html_url: paths.page(row.slug),
});

const slugIsTaken = () => new Conflict('That slug is taken.', { slug: 'That slug is taken.' });

/** Every change to a page may change what readers see (the page, the footer of every page, the sitemap). */
const changed = (ctx: AppContext) => ctx.events.changed('page');

export async function listPagesForStaff(ctx: AppContext, query: PageListQuery & PageQuery): Promise<{ count: number; results: Page[] }> {
  const db = ctx.db.kysely;
  const filter = { search: query.search, live: query.live };
  const [count, rows] = await Promise.all([countPages(db, filter), listPages(db, filter, query.page_size, offsetOf(query))]);
  return { count, results: rows.map(toPage) };
}

export async function getPage(ctx: AppContext, id: number): Promise<Page> {
  const row = await findPage(ctx.db.kysely, id);
  if (!row) throw new NotFound('Page');
  return toPage(row);
}

/** One page by its exact slug or title (exactly one of them). */
export async function findPageFor(ctx: AppContext, by: PageFindQuery): Promise<Page> {
  if ((by.slug === undefined) === (by.title === undefined)) throw Invalid.field('slug', 'Give either slug or title.');
  const row = by.slug !== undefined ? await findPageBy(ctx.db.kysely, 'slug', by.slug) : await findPageBy(ctx.db.kysely, 'title', by.title!);
  if (!row) throw new NotFound('Page');
  return toPage(row);
}

/** A new page is a draft: readers see it once it is published. */
export async function createPage(ctx: AppContext, input: PageCreate): Promise<Page> {
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (await slugTaken(trx, input.slug)) throw slugIsTaken();
    const now = nowIso();
    return insertPage(trx, {
      title: input.title,
      slug: input.slug,
      body_markdown: input.body_markdown,
      translations: serializeTranslations(input.translations),
      live: 0,
      first_published_at: null,
      last_published_at: null,
      show_in_footer: input.show_in_footer ? 1 : 0,
      sort_order: input.sort_order,
      created_at: now,
      updated_at: now,
    });
  });
  changed(ctx);
  return toPage(row);
}

/** Changes the fields named; a live page shows the change at once. */
export async function changePage(ctx: AppContext, id: number, input: PagePatch): Promise<Page> {
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await findPage(trx, id))) throw new NotFound('Page');
    if (input.slug !== undefined && (await slugTaken(trx, input.slug, id))) throw slugIsTaken();
    const { translations, show_in_footer, ...fields } = input;
    const now = nowIso();
    const done = await updatePage(trx, id, {
      ...fields,
      ...(translations && { translations: serializeTranslations(translations) }),
      ...(show_in_footer !== undefined && { show_in_footer: show_in_footer ? 1 : 0 }),
      updated_at: now,
    });
    // A live page shows the change at once, and so do its aliases (decision 0119).
    await followOriginal(trx, adapterOf(ctx, 'page'), id, now);
    return done;
  });
  changed(ctx);
  return toPage(row!);
}

/**
 * SPEC's `pages/{id}/action/{action}`, as Wagtail's page actions: `publish` (live; the first publication's time
 * is kept), `unpublish` (a draft again), `copy` (a draft with a new slug, and the title given or the same),
 * `delete`, and through the editorial service `move`, `revert_to_page_revision`, `create_alias` (body: the alias's
 * `slug`, optional `position`) and `convert_alias`. An alias is published and unpublished with its original, never
 * on its own. Answers the page acted on (the copy or the alias when made), nothing for `delete`.
 */
export async function pageAction(ctx: AppContext, id: number, action: string, body: PageActionBody, actor?: Actor): Promise<{ page: Page | null; created: boolean }> {
  if (!isPageAction(action)) throw Invalid.field('action', `Use one of: ${PAGE_ACTIONS.join(', ')}.`);
  if (action === 'copy' && !body?.slug) throw Invalid.field('slug', 'Give the copy a slug.');
  if (action === 'move' || action === 'revert_to_page_revision' || action === 'create_alias' || action === 'convert_alias') {
    if (!actor) throw Invalid.field('action', 'This action needs an editor.');
    const done = await itemAction(ctx, actor, 'page', id, action, { position: body?.position, revision_id: body?.revision_id, slug: body?.slug, title: body?.title });
    return { page: await getPage(ctx, done.item?.id ?? id), created: done.created };
  }
  const result = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await findPage(trx, id);
    if (!row) throw new NotFound('Page');
    const now = nowIso();
    switch (action) {
      case 'publish':
      case 'unpublish': {
        const adapter = adapterOf(ctx, 'page');
        await refuseOwnPublication(trx, adapter, id, action);
        const done = await updatePage(trx, id, action === 'publish' ? { live: 1, first_published_at: row.first_published_at ?? now, last_published_at: now, updated_at: now } : { live: 0, updated_at: now });
        // Its aliases show what it shows (decision 0119).
        await followOriginal(trx, adapter, id, now);
        return done;
      }
      case 'copy': {
        if (await slugTaken(trx, body!.slug!)) throw slugIsTaken();
        return insertPage(trx, {
          title: body?.title ?? row.title,
          slug: body!.slug!,
          body_markdown: row.body_markdown,
          translations: row.translations,
          show_in_footer: row.show_in_footer,
          sort_order: row.sort_order,
          live: 0,
          first_published_at: null,
          last_published_at: null,
          created_at: now,
          updated_at: now,
        });
      }
      case 'delete':
        await deletePage(trx, id);
        return null;
    }
  });
  changed(ctx);
  return { page: result ? toPage(result) : null, created: action === 'copy' };
}

const SUMMARY_CHARS = 160;

/** The first words of a text, cut at a word (or anywhere, in Chinese) with an ellipsis when cut. */
function summaryOf(text: string): string {
  if (text.length <= SUMMARY_CHARS) return text;
  const cut = text.slice(0, SUMMARY_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUMMARY_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A live page as readers read it, in `lang` where it has a version (title and body each fall back on their own). */
export async function readLivePage(ctx: AppContext, slug: string, lang: Language): Promise<PublicPage> {
  const row = await findLivePage(ctx.db.kysely, slug);
  if (!row) throw new NotFound('Page');
  const texts = localised({ title: row.title, body_markdown: row.body_markdown }, row.translations, lang);
  const html = renderMarkdown(texts.body_markdown);
  return {
    slug: row.slug,
    title: texts.title,
    body_html: html,
    summary: summaryOf(htmlToText(html)),
    first_published_at: row.first_published_at,
    last_published_at: row.last_published_at,
    updated_at: row.updated_at,
  };
}

/** The footer's links: live pages that ask for it, by sort order, titled in `lang`. */
export async function footerPages(ctx: AppContext, lang: Language): Promise<FooterPage[]> {
  const rows = await listFooterPages(ctx.db.kysely);
  return rows.map((row) => ({ slug: row.slug, ...localised({ title: row.title }, row.translations, lang) }));
}

/** Every live page's URL path and last change, for the sitemap. */
export async function livePageEntries(ctx: AppContext): Promise<Array<{ path: string; lastmod: string }>> {
  const rows = await listLivePageStamps(ctx.db.kysely);
  // Publishing and every change set `updated_at`.
  return rows.map((row) => ({ path: paths.page(row.slug), lastmod: row.updated_at }));
}

/** Where the site's pages show a library picture (in a body, in any language): what deleting it would break. */
export async function pagesShowingPictureAt(ctx: AppContext, url: string): Promise<Array<{ what: string; id: number; title: string }>> {
  return (await pagesShowingPicture(ctx.db.kysely, url)).map((row) => ({ what: 'page', ...row }));
}
