import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicCount, type CountKind } from '../../../src/server/modules/content/counts-repo.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCategory, createStaff, createTag, createTopic } from '../helpers/factories.js';

/**
 * A card list's total is the stored count less the scheduled articles, which an index range finds. The card
 * lists hide the time in a subselect on PostgreSQL (so every call can share one plan); the count must still
 * read the index there, not the whole table. PostgreSQL only (SQLite plans each range by its index).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ARTICLES = 3000;

describe.runIf(onPostgres)('public counts on PostgreSQL', () => {
  let t: TestApp;
  const refs = {} as Record<CountKind, number>;
  beforeAll(async () => {
    t = await createTestApp();
    const author = await createStaff(t);
    const category = await createCategory(t);
    const tag = await createTag(t);
    const topic = await createTopic(t);
    Object.assign(refs, { all: 0, author: author.id, category: category.id, tag: tag.id, topic: topic.id });
    // A site of some size, published over the past years: enough rows that a full scan costs the planner more.
    await sql`insert into articles (title, slug, summary, body_markdown, content_html, body_text, author_id, category_id, access, free_read,
        is_hot, language, status, reading_time, view_count, published_at, created_at, updated_at)
      select 'Article ' || n, 'count-plan-' || n, 'Summary', 'Body', '<p>Body</p>', 'Body', ${author.id}, ${category.id}, 'free', 0,
        0, 'en', 'published', 3, 0, to_char(timestamp '2020-01-01' + n * interval '7 hours', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z'
      from generate_series(1, ${ARTICLES}) as n`.execute(t.db.kysely);
    await sql`insert into article_tags (article_id, tag_id) select id, ${tag.id} from articles where slug like 'count-plan-%'`.execute(t.db.kysely);
    await sql`insert into topic_articles (topic_id, article_id) select ${topic.id}, id from articles where slug like 'count-plan-%'`.execute(t.db.kysely);
    await sql`analyze`.execute(t.db.kysely);
  });

  const now = new Date().toISOString();
  const hiddenNow = sql<string>`(select ${now})`;

  it.each(['all', 'author', 'category', 'tag', 'topic'] as const)('counts the public articles of %s with the time hidden in a subselect, reading the index', async (kind) => {
    const query = t.db.kysely.selectNoFrom(publicCount(kind, refs[kind], hiddenNow).as('n'));
    const { n } = (await query.executeTakeFirstOrThrow()) as { n: number | string };
    expect(Number(n)).toBe(ARTICLES);
    const compiled = query.compile();
    const { rows } = await t.db.kysely.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan, plan).not.toMatch(/Seq Scan on articles/);
  });
});
