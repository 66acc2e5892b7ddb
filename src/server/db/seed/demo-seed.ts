import type { Kysely } from 'kysely';
import { seedCoursesDemo } from '../../modules/courses/demo.js';
import { seedOrdersDemo } from '../../modules/orders/demo.js';
import { seedMembershipDemo } from '../../modules/membership/demo.js';
import { grantWithin, PREMIUM_SLUG } from '../../modules/membership/service.js';
import { seedShopDemo } from '../../modules/shop/demo.js';
import { storeDemoDocuments } from '../../modules/shop/demo-files.js';
import { storeDemoPictures } from '../../modules/shop/demo-pictures.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Storage } from '../../platform/storage/index.js';
import type { Db } from '../connection.js';
import type { Database } from '../types.js';
import { ARTICLES_EN_1 } from './demo/articles-en-1.js';
import { ARTICLES_EN_2 } from './demo/articles-en-2.js';
import { ARTICLES_ZH_1 } from './demo/articles-zh-1.js';
import { ARTICLES_ZH_2 } from './demo/articles-zh-2.js';
import { demoCredentials, type DemoCredential } from './demo-credentials.js';
import { AUTHORS, DEMO_ACCOUNTS } from './demo/authors.js';
import { insertDemoComments } from './demo/comments.js';
import { ANNOUNCEMENTS, BANNERS, PAGES, SHORTCUT_TYPES, SLOT_TEXTS } from './demo/site.js';
import type { DemoLink, HandWrittenArticle } from './demo/types.js';
import { insertArticles, type SeedRefs } from './insert.js';
import { planGenerated, type PlannedArticle } from './plan.js';
import { createRandom } from './random.js';
import { insertAuthors, insertTaxonomy } from './taxonomy-seed.js';

export const HAND_WRITTEN: HandWrittenArticle[] = [...ARTICLES_EN_1, ...ARTICLES_EN_2, ...ARTICLES_ZH_1, ...ARTICLES_ZH_2];

/** Generated articles next to the hand-written ones: 12 + 36 = 48 published. */
export const DEMO_GENERATED = 36;

const DAY = 24 * 3600 * 1000;

function fromHandWritten(article: HandWrittenArticle, now: number, index: number): PlannedArticle {
  const { days_ago, body, ...rest } = article;
  return {
    ...rest,
    body,
    // Mid-morning on the day, give or take, so the dates do not all share one time.
    published_at: new Date(now - days_ago * DAY - (2 + (index % 5)) * 3600_000).toISOString(),
    view_count: article.is_hot ? 2400 + index * 310 : 180 + index * 97,
  };
}

function resolve(link: DemoLink, refs: SeedRefs, articles: Map<string, number>): string {
  if (typeof link === 'string') return link;
  if ('article' in link) return `/article/${articles.get(link.article)}`;
  if ('topic' in link) return `/topic/${refs.topics.get(link.topic)}`;
  if ('tag' in link) return `/tag/${refs.tags.get(link.tag)}`;
  return `/category/${refs.categories.get(link.category)}`;
}

async function insertSite(db: Kysely<Database>, refs: SeedRefs, articles: Map<string, number>, now: string): Promise<void> {
  const stamps = { created_at: now, updated_at: now };
  const position = new Map<string, number>();
  await db
    .insertInto('banners')
    .values(
      BANNERS.map((b) => {
        const n = position.get(b.kind) ?? 0;
        position.set(b.kind, n + 1);
        const articleId = typeof b.link === 'object' && 'article' in b.link ? articles.get(b.link.article)! : null;
        return { title: b.title, subtitle: b.subtitle, translations: JSON.stringify(b.translations), image: b.image, link: resolve(b.link, refs, articles), article_id: articleId, kind: b.kind, position: n, is_active: 1 as const, ...stamps };
      }),
    )
    .execute();
  const yesterday = new Date(Date.parse(now) - DAY).toISOString();
  await db
    .insertInto('announcements')
    .values(
      ANNOUNCEMENTS.map((a) => ({
        title: a.title,
        content: a.content,
        translations: JSON.stringify(a.translations),
        link: resolve(a.link, refs, articles),
        is_modal: a.is_modal ? (1 as const) : (0 as const),
        is_active: 1 as const,
        starts_at: yesterday,
        ends_at: null,
        ...stamps,
      })),
    )
    .execute();
  await db
    .insertInto('slot_texts')
    .values(SLOT_TEXTS.map((s) => ({ ...s, translations: JSON.stringify(s.translations), ...stamps })))
    .execute();
  await db
    .insertInto('pages')
    .values(
      PAGES.map((p, i) => ({
        ...p,
        translations: JSON.stringify(p.translations),
        live: 1 as const,
        first_published_at: now,
        last_published_at: now,
        show_in_footer: 1 as const,
        sort_order: i,
        ...stamps,
      })),
    )
    .execute();
  for (const [typeIndex, type] of SHORTCUT_TYPES.entries()) {
    const { id } = await db
      .insertInto('shortcut_types')
      .values({ name: type.name, slug: type.slug, description: type.description, translations: JSON.stringify(type.translations), position: typeIndex, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('shortcuts')
      .values(
        type.shortcuts.map((s, i) => ({
          type_id: id,
          title: s.title,
          description: s.description,
          translations: JSON.stringify(s.translations),
          url: resolve(s.url, refs, articles),
          icon: null,
          position: i,
          ...stamps,
        })),
      )
      .execute();
  }
}

/** The demo account that holds a premium membership. */
export const DEMO_MEMBER = 'member';

/**
 * The membership plans, and a year of premium for the demo member, granted as staff grant it (source
 * `staff`, by the demo editor) through the grant step every grant takes, inside the seed's transaction.
 */
async function insertMemberships(trx: Kysely<Database>, authors: Map<string, number>, now: Date): Promise<void> {
  const plans = await seedMembershipDemo(trx);
  const yearly = await trx
    .selectFrom('membership_products')
    .selectAll()
    .where('membership_id', '=', plans[PREMIUM_SLUG])
    .orderBy('period_count', 'desc')
    .executeTakeFirstOrThrow();
  const member = authors.get(DEMO_MEMBER);
  if (member === undefined) return;
  await grantWithin(
    trx,
    {
      userId: member,
      membershipId: yearly.membership_id,
      productId: yearly.id,
      periodUnit: yearly.period_unit,
      periodCount: yearly.period_count,
      source: 'staff',
      sourceKey: 'staff:demo-seed',
      language: null,
      grantedBy: authors.get('editor') ?? null,
    },
    now,
  );
}

/**
 * The whole demo site in one transaction: people, taxonomy, 48 articles, banners, site texts, membership
 * plans and the demo member's membership. The demo accounts get the given passwords (random by default). With
 * `storage`, the shop's downloads get their files and its products their pictures (stored there); without, the
 * downloads are not for sale and the products show no picture.
 */
export async function seedDemo(db: Db, accounts: DemoCredential[] = demoCredentials(), storage?: Storage): Promise<void> {
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  // Hashing is slow on purpose; do it before the transaction so the write lock is held briefly.
  const hashes = new Map<string, string>();
  for (const account of accounts) hashes.set(account.username, await hashPassword(account.password));

  const generated = planGenerated(createRandom('lectern-demo'), {
    count: DEMO_GENERATED,
    slugSuffix: (i) => String(i + 1),
    now: nowMs,
    usedTitles: new Set(HAND_WRITTEN.map((a) => a.title)),
  });
  // The downloads' files are made and stored before the transaction (they are files, not rows).
  const documents = storage === undefined ? [] : await storeDemoDocuments(storage);
  const pictures = storage === undefined ? undefined : await storeDemoPictures(storage);
  const planned = [...HAND_WRITTEN.map((a, i) => fromHandWritten(a, nowMs, i)), ...generated]
    // Oldest first, so ids and topic positions follow publication order.
    .sort((a, b) => a.published_at.localeCompare(b.published_at));

  await db.kysely.transaction().execute(async (trx) => {
    const authors = await insertAuthors(trx, [...AUTHORS, ...DEMO_ACCOUNTS], hashes, now);
    const refs: SeedRefs = { authors, ...(await insertTaxonomy(trx, now)), topicPositions: new Map() };
    const articles = await insertArticles(trx, planned, refs);
    await insertSite(trx, refs, articles, now);
    await insertMemberships(trx, authors, new Date(nowMs));
    await seedShopDemo(trx, await trx.selectFrom('membership_products').select(['id', 'name']).orderBy('id').execute(), now, documents, pictures);
    await seedCoursesDemo(trx, refs, now);
    await seedOrdersDemo(trx, authors.get(DEMO_MEMBER), now);
    await insertDemoComments(trx, authors, articles, now);
  });
}
