import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCategory, createTag } from '../helpers/factories.js';

/*
 * `?q=` on the category and tag lists finds a row by the name a reader is shown: its default name or its name in
 * another language (`translations`), read from the JSON on SQLite and on PostgreSQL. The count is the rows'.
 */

const zh = (fields: Record<string, string>) => JSON.stringify({ 'zh-CN': fields });

let t: TestApp;

interface Named {
  id: number;
  name: string;
}
interface Listed {
  count: number;
  next: string | null;
  results: Named[];
}

async function list(kind: 'categories' | 'tags', q: string, query: Record<string, string> = {}): Promise<Listed> {
  const res = await t.api('GET', `/${kind}`, { query: { q, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (listed: Listed) => listed.results.map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
});

describe('category search by name', () => {
  it("finds a category by its Chinese name, counts it, and names it in the reader's language", async () => {
    const harbour = await createCategory(t, { name: 'Harbour Studies', slug: 'harbour-studies', translations: zh({ name: '港口研究', description: '港口。' }) });
    // Only its description says 港口: a search by name does not find it.
    await createCategory(t, { name: 'Tide Tables', slug: 'tide-tables', translations: zh({ description: '港口的潮汐表。' }) });
    await createCategory(t, { name: 'Lighthouses', slug: 'lighthouses' });

    const found = await list('categories', '港口');
    expect(found.count).toBe(1);
    expect(ids(found)).toEqual([harbour.id]);
    expect(found.results[0].name).toBe('Harbour Studies');
    const inChinese = await list('categories', '港口', { lang: 'zh-CN' });
    expect(inChinese).toMatchObject({ count: 1, results: [{ id: harbour.id, name: '港口研究' }] });

    // The default name still finds it, whatever the case.
    expect(ids(await list('categories', 'harbour stud'))).toEqual([harbour.id]);
  });

  it('pages the rows found by either name, the count agreeing with them', async () => {
    const byEnglish = await createCategory(t, { name: 'Beacon Keeping', slug: 'beacon-keeping', sort_order: 1 });
    const byChinese = await createCategory(t, { name: 'Signal Fires', slug: 'signal-fires', sort_order: 2, translations: zh({ name: 'beacon 烽火' }) });
    await createCategory(t, { name: 'Smoke', slug: 'smoke', sort_order: 3, translations: zh({ name: '烟' }) });

    const first = await list('categories', 'BEACON', { page_size: '1' });
    expect(first.count).toBe(2);
    expect(ids(first)).toEqual([byEnglish.id]);
    expect(first.next).not.toBeNull();
    const second = await list('categories', 'BEACON', { page_size: '1', page: '2' });
    expect(second.count).toBe(2);
    expect(ids(second)).toEqual([byChinese.id]);
    expect(second.next).toBeNull();
  });
});

describe('tag search by name', () => {
  it('finds a tag by its Chinese name, and only by its name', async () => {
    const tide = await createTag(t, { name: 'tidewater', slug: 'tidewater', translations: zh({ name: '潮水' }) });
    await createTag(t, { name: 'brine', slug: 'brine', translations: zh({ description: '潮水里的盐。' }) });
    const found = await list('tags', '潮水');
    expect(found.count).toBe(1);
    expect(ids(found)).toEqual([tide.id]);
    expect((await list('tags', '潮水', { lang: 'zh-CN' })).results[0].name).toBe('潮水');
  });

  it('takes LIKE wildcards in q literally in Chinese names too', async () => {
    const percent = await createTag(t, { name: 'sale-tag', slug: 'sale-tag', translations: zh({ name: '折扣100%' }) });
    const plain = await createTag(t, { name: 'hundred-tag', slug: 'hundred-tag', translations: zh({ name: '折扣1000' }) });
    const underscore = await createTag(t, { name: 'snake-tag', slug: 'snake-tag', translations: zh({ name: '蛇_形' }) });
    await createTag(t, { name: 'snake-free', slug: 'snake-free', translations: zh({ name: '蛇的形' }) });

    const byPercent = await list('tags', '折扣100%');
    expect(byPercent.count).toBe(1);
    expect(ids(byPercent)).toEqual([percent.id]);
    // Tags list by default name: hundred-tag, then sale-tag.
    expect(ids(await list('tags', '折扣100'))).toEqual([plain.id, percent.id]);
    const byUnderscore = await list('tags', '蛇_形');
    expect(byUnderscore.count).toBe(1);
    expect(ids(byUnderscore)).toEqual([underscore.id]);
  });

  it('reads the name out of the JSON: quotes and backslashes in it are matched as written', async () => {
    const quoted = await createTag(t, { name: 'quoted-tag', slug: 'quoted-tag', translations: zh({ name: '书"名\\号' }) });
    const found = await list('tags', '书"名\\号');
    expect(found.count).toBe(1);
    expect(ids(found)).toEqual([quoted.id]);
  });
});
