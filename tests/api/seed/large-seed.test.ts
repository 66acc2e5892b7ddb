import { beforeAll, describe, expect, it } from 'vitest';
import { seedLargeSite } from '../../../src/server/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const count = async (table: 'articles' | 'categories' | 'tags' | 'topics' | 'users' | 'article_tags') =>
  Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('seedLargeSite', () => {
  it('works on an empty database, creating the authors and taxonomy it needs', async () => {
    expect(await count('users')).toBe(0);
    const result = await seedLargeSite(t.config, t.db, 200);
    expect(result).toMatchObject({ added: 200 });
    expect(await count('articles')).toBe(200);
    expect(await count('users')).toBe(4);
    expect(await count('categories')).toBe(6);
    expect(await count('tags')).toBe(15);
    expect(await count('topics')).toBe(3);
    expect(await count('article_tags')).toBeGreaterThanOrEqual(200);
  });

  it('spreads the articles over categories, languages and access, with rendered bodies', async () => {
    const rows = await t.db.kysely
      .selectFrom('articles')
      .select(['category_id', 'language', 'access', 'status', 'content_html', 'body_text', 'reading_time', 'title'])
      .execute();
    expect(new Set(rows.map((r) => r.category_id)).size).toBe(6);
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(['en', 'zh-CN']));
    const premium = rows.filter((r) => r.access === 'premium').length;
    expect(premium).toBeGreaterThan(5);
    expect(premium).toBeLessThan(45);
    for (const row of rows) {
      expect(row.status).toBe('published');
      expect(row.content_html).toContain('<h2>');
      expect(row.body_text).not.toMatch(/[{}<>]/);
      expect(row.reading_time).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(rows.map((r) => r.title)).size).toBeGreaterThan(100);
  });

  it('can run again on the same database: slugs stay unique', async () => {
    await seedLargeSite(t.config, t.db, 200);
    expect(await count('articles')).toBe(400);
    expect(await count('users')).toBe(4);
  });

  it('lists generated articles through the API, newest first', async () => {
    const res = await t.api('GET', '/article/summary', { query: { page_size: '5', language: 'zh-CN' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBeGreaterThan(50);
    expect(body.results).toHaveLength(5);
    const dates = body.results.map((a: { published_at: string }) => a.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.results.every((a: { language: string }) => a.language === 'zh-CN')).toBe(true);
  });
});
