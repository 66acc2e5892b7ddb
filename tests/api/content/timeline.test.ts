import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';

let t: TestApp;
const made: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  // Years far in the past keep these months apart from anything else the file creates.
  for (const [key, published_at] of [
    ['mar05', '2001-03-05T08:00:00.000Z'],
    ['mar20', '2001-03-20T08:00:00.000Z'],
    ['mar31', '2001-03-31T23:59:59.999Z'],
    ['jan10', '2001-01-10T08:00:00.000Z'],
    ['dec31', '2000-12-31T23:00:00.000Z'],
  ] as const) {
    made[key] = (await createArticle(t, { title: `Timeline ${key}`, published_at })).id;
  }
  await createArticle(t, { title: 'Timeline draft', status: 'draft', published_at: '2001-03-10T08:00:00.000Z' });
});

interface Month {
  month: string;
  count: number;
  articles: Array<{ id: number; title: string }>;
}
async function timeline(query: Record<string, string>) {
  const res = await t.api('GET', '/timeline', { query });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; next: string | null; previous: string | null; results: Month[] };
}

describe('timeline', () => {
  it('groups a year by month, newest month and newest article first, drafts left out', async () => {
    const body = await timeline({ year: '2001' });
    expect(body.count).toBe(2);
    expect(body.results.map((m) => [m.month, m.count])).toEqual([
      ['2001-03', 3],
      ['2001-01', 1],
    ]);
    expect(body.results[0].articles.map((a) => a.id)).toEqual([made.mar31, made.mar20, made.mar05]);
    expect(body.results[1].articles[0]).toMatchObject({ id: made.jan10, title: 'Timeline jan10' });
  });

  it('uses UTC months and a month filter', async () => {
    const december = await timeline({ year: '2000', month: '12' });
    expect(december.results.map((m) => m.month)).toEqual(['2000-12']);
    expect(december.results[0].articles.map((a) => a.id)).toEqual([made.dec31]);
    const march = await timeline({ year: '2001', month: '3' });
    expect(march.count).toBe(1);
    expect(march.results[0].count).toBe(3);
    expect((await timeline({ year: '2001', month: '2' })).count).toBe(0);
  });

  it('limits the cards of a month but counts them all', async () => {
    const body = await timeline({ year: '2001', per_month: '1' });
    expect(body.results[0].count).toBe(3);
    expect(body.results[0].articles.map((a) => a.id)).toEqual([made.mar31]);
  });

  it('pages over months', async () => {
    const first = await timeline({ year: '2001', page_size: '1' });
    expect(first.count).toBe(2);
    expect(first.results.map((m) => m.month)).toEqual(['2001-03']);
    expect(first.next).toContain('page=2');
    const second = await timeline({ year: '2001', page_size: '1', page: '2' });
    expect(second.results.map((m) => m.month)).toEqual(['2001-01']);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('page=1');
  });

  it('starts with the newest month when unfiltered', async () => {
    const recent = await createArticle(t, { title: 'Timeline now' });
    const body = await timeline({});
    const month = recent.published_at!.slice(0, 7);
    expect(body.results[0].month).toBe(month);
    expect(body.results[0].articles.map((a) => a.id)).toContain(recent.id);
    const months = body.results.map((m) => m.month);
    expect(months).toEqual([...months].sort().reverse());
    expect(months).toEqual(expect.arrayContaining(['2001-03', '2001-01', '2000-12']));
  });

  it('names the field of bad input', async () => {
    for (const [query, field] of [
      [{ month: '3' }, 'month'],
      [{ year: '2001', month: '13' }, 'month'],
      [{ year: 'soon' }, 'year'],
      [{ year: '2001', per_month: '0' }, 'per_month'],
      [{ page_size: '101' }, 'page_size'],
    ] as const) {
      const res = await t.api('GET', '/timeline', { query });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });
});
