import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
});

async function search(query: Record<string, string>, token?: string) {
  const res = await t.api('GET', '/search', { query, token });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; next: string | null; previous: string | null; results: Array<{ id: number; title: string; snippet: string; rank: number }> };
}

const ids = (body: { results: Array<{ id: number }> }) => body.results.map((r) => r.id);

describe('search by words', () => {
  it('finds title, summary and body matches, the title match ranked first, with the match marked', async () => {
    const inBody = await createArticle(t, { title: 'Island fauna', summary: 'Animals of the island.', body_markdown: 'A small marsupial, the quokka, lives here.' });
    const inTitle = await createArticle(t, { title: 'Quokka habits', summary: 'How they live.', body_markdown: 'They are nocturnal.' });
    const inSummary = await createArticle(t, { title: 'Smiles', summary: 'Why the quokka smiles.', body_markdown: 'Nobody knows.' });
    const body = await search({ q: 'QUOKKA' });
    expect(body.count).toBe(3);
    expect(ids(body)).toHaveLength(3);
    expect(ids(body)[0]).toBe(inTitle.id);
    expect(ids(body)).toEqual(expect.arrayContaining([inBody.id, inSummary.id]));
    const ranks = body.results.map((r) => r.rank);
    expect(ranks[0]).toBeGreaterThan(ranks[2]);
    const bodyHit = body.results.find((r) => r.id === inBody.id)!;
    expect(bodyHit.snippet).toBe('A small marsupial, the <mark>quokka</mark>, lives here.');
    expect(bodyHit.title).toBe('Island fauna');
  });

  it('matches whole words, the last one also as a prefix, and needs every word', async () => {
    const both = await createArticle(t, { title: 'Pangolin scales', body_markdown: 'The pangolin rolls into a ball on the savanna.' });
    await createArticle(t, { title: 'Pangolin diet', body_markdown: 'Ants and termites.' });
    expect((await search({ q: 'angoli' })).count).toBe(0);
    expect((await search({ q: 'pangol' })).count).toBe(2);
    const narrowed = await search({ q: 'pangolin savanna' });
    expect(ids(narrowed)).toEqual([both.id]);
    expect(narrowed.results[0].snippet).toContain('<mark>pangolin</mark>');
    expect(narrowed.results[0].snippet).toContain('<mark>savanna</mark>');
    // Words before the last one are not prefixes.
    expect((await search({ q: 'pangol savanna' })).count).toBe(0);
  });

  it('escapes HTML in snippets', async () => {
    const article = await createArticle(t, { title: '<b>Bold</b> walrus & friends', summary: '', body_markdown: 'Nothing here.' });
    const body = await search({ q: 'walrus' });
    expect(ids(body)).toEqual([article.id]);
    expect(body.results[0].snippet).toBe('&lt;b&gt;Bold&lt;/b&gt; <mark>walrus</mark> &amp; friends');
  });

  it('cuts long bodies around the first match', async () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(40);
    await createArticle(t, { title: 'Long read', body_markdown: `${filler} the narwhal surfaces ${filler}` });
    const [hit] = (await search({ q: 'narwhal' })).results;
    expect(hit.snippet.startsWith('…')).toBe(true);
    expect(hit.snippet.endsWith('…')).toBe(true);
    expect(hit.snippet).toContain('the <mark>narwhal</mark> surfaces');
    expect(hit.snippet.length).toBeLessThan(260);
  });

  it('keeps the index in step with edits and deletions', async () => {
    const article = await createArticle(t, { title: 'Axolotl care', body_markdown: 'Cold water.' });
    expect(ids(await search({ q: 'axolotl' }))).toEqual([article.id]);
    const patched = await t.api('PATCH', `/article/${article.id}`, { token: staffToken, body: { title: 'Newt care' } });
    expect(patched.statusCode).toBe(200);
    expect((await search({ q: 'axolotl' })).count).toBe(0);
    expect(ids(await search({ q: 'newt' }))).toEqual([article.id]);
    expect((await t.api('DELETE', `/article/${article.id}`, { token: staffToken })).statusCode).toBe(204);
    expect((await search({ q: 'newt' })).count).toBe(0);
  });
});

describe('search in Chinese', () => {
  it('matches substrings of three or more characters, and of one or two', async () => {
    const article = await createArticle(t, {
      title: '机器学习入门',
      summary: '给初学者的介绍',
      body_markdown: '本文介绍深度神经网络的训练方法。',
      language: 'zh-CN',
    });
    const long = await search({ q: '神经网络' });
    expect(ids(long)).toEqual([article.id]);
    expect(long.results[0].snippet).toBe('本文介绍深度<mark>神经网络</mark>的训练方法。');
    expect(ids(await search({ q: '学习' }))).toEqual([article.id]);
    expect(ids(await search({ q: '网络 训练' }))).toEqual([article.id]);
    expect(ids(await search({ q: '神经网络 训练' }))).toEqual([article.id]);
    expect((await search({ q: '神经网络 天气' })).count).toBe(0);
    expect((await search({ q: '天气' })).count).toBe(0);
  });

  it('treats LIKE wildcards in short terms as plain characters', async () => {
    const percent = await createArticle(t, { title: '折扣 50%', body_markdown: '限时。', language: 'zh-CN' });
    await createArticle(t, { title: '折扣 五折', body_markdown: '限时。', language: 'zh-CN' });
    expect(ids(await search({ q: '折扣 %' }))).toEqual([percent.id]);
    expect((await search({ q: '折扣 _' })).count).toBe(0);
  });
});

describe('premium text in snippets', () => {
  it('quotes the body of a premium article only to readers allowed it', async () => {
    const article = await createArticle(t, {
      title: 'Xylophonic corner',
      summary: 'A teaser everyone may read.',
      body_markdown: 'Secret paragraph about the xylophonic method.',
      access: 'premium',
    });
    const member = await createUser(t);
    const guest = await search({ q: 'xylophonic' });
    const user = await search({ q: 'xylophonic' }, await tokenFor(t, member));
    const staff = await search({ q: 'xylophonic' }, staffToken);
    for (const body of [guest, user]) {
      expect(ids(body)).toEqual([article.id]);
      expect(body.results[0].snippet).toBe('<mark>Xylophonic</mark> corner');
      expect(JSON.stringify(body)).not.toMatch(/Secret paragraph|method/);
    }
    expect(ids(staff)).toEqual([article.id]);
    expect(staff.results[0].snippet).toBe('Secret paragraph about the <mark>xylophonic</mark> method.');
  });

  it('quotes the body of a premium article opened as a free read', async () => {
    const article = await createArticle(t, { title: 'Open day', body_markdown: 'Today the zeppelin flies.', access: 'premium', free_read: true });
    const [hit] = (await search({ q: 'zeppelin' })).results;
    expect(hit.id).toBe(article.id);
    expect(hit.snippet).toBe('Today the <mark>zeppelin</mark> flies.');
  });

  it('keeps answers for signed-in callers out of shared caches', async () => {
    const guest = await t.api('GET', '/search', { query: { q: 'anything' } });
    expect(guest.headers['cache-control']).toContain('public');
    expect(guest.headers.vary).toContain('Authorization');
    const staff = await t.api('GET', '/search', { query: { q: 'anything' }, token: staffToken });
    expect(staff.headers['cache-control']).toContain('no-store');
  });
});

describe('what search finds', () => {
  it('leaves out drafts and articles published in the future', async () => {
    await createArticle(t, { title: 'Draft about the okapi', status: 'draft' });
    await createArticle(t, { title: 'Future okapi', published_at: new Date(Date.now() + 86_400_000).toISOString() });
    const visible = await createArticle(t, { title: 'Okapi facts' });
    expect(ids(await search({ q: 'okapi' }))).toEqual([visible.id]);
  });

  it('filters by category', async () => {
    const category = await createCategory(t);
    const inside = await createArticle(t, { title: 'Capybara in a category', category_id: category.id });
    await createArticle(t, { title: 'Capybara elsewhere' });
    expect((await search({ q: 'capybara' })).count).toBe(2);
    expect(ids(await search({ q: 'capybara', category: String(category.id) }))).toEqual([inside.id]);
  });

  it('pages through hits without overlap', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push((await createArticle(t, { title: `Ibex note ${i}` })).id);
    const first = await search({ q: 'ibex', page_size: '2' });
    expect(first.count).toBe(3);
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    expect(first.previous).toBeNull();
    const second = await search({ q: 'ibex', page_size: '2', page: '2' });
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect([...ids(first), ...ids(second)].sort()).toEqual([...made].sort());
  });

  it('never turns search syntax into an error', async () => {
    await createArticle(t, { title: 'Syntax "quoted" title' });
    for (const q of ['"', 'AND', 'quoted OR', '*', 'NEAR(a b)', 'title:quoted', "'", '%', '_', '\\', '^quoted', 'a"b', '机器"学', '(', 'quoted -x', '中 " *', '\u0301', 'x½ quoted', '😀']) {
      const res = await t.api('GET', '/search', { query: { q } });
      expect(res.statusCode, q).toBe(200);
    }
    expect((await search({ q: '"quoted"' })).count).toBe(1);
    expect((await search({ q: '%' })).count).toBe(0);
  });

  it('names the field of bad input', async () => {
    for (const [query, field] of [
      [{}, 'q'],
      [{ q: '   ' }, 'q'],
      [{ q: 'x'.repeat(201) }, 'q'],
      [{ q: 'x', page_size: '1000' }, 'page_size'],
      [{ q: 'x', page: '0' }, 'page'],
      [{ q: 'x', category: 'abc' }, 'category'],
    ] as const) {
      const res = await t.api('GET', '/search', { query });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });
});
