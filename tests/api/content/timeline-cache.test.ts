import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const titles = async (query: Record<string, string>) => {
  const res = await t.api('GET', '/timeline', { query });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: { articles: { title: string }[] }[] }).results.flatMap((m) => m.articles.map((a) => a.title));
};

describe('timeline answers', () => {
  it('are reused until content changes, per query', async () => {
    await createArticle(t, { title: 'Timeline cache one', published_at: '1999-06-01T08:00:00.000Z' });
    expect(await titles({ year: '1999' })).toEqual(['Timeline cache one']);

    // A write that bypasses the services (and so the change event) is not seen: the answer is cached.
    await t.db.kysely.updateTable('articles').set({ title: 'Timeline cache renamed' }).where('title', '=', 'Timeline cache one').execute();
    expect(await titles({ year: '1999' })).toEqual(['Timeline cache one']);
    // Another query is another entry, read fresh.
    expect(await titles({ year: '1999', per_month: '5' })).toEqual(['Timeline cache renamed']);

    // Any content change through the API drops the cache.
    await createArticle(t, { title: 'Timeline cache two', published_at: '1999-06-02T08:00:00.000Z' });
    expect(await titles({ year: '1999' })).toEqual(['Timeline cache two', 'Timeline cache renamed']);
  });
});
