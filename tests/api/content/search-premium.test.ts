import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, createUser, tokenFor } from '../helpers/factories.js';

/**
 * Whether an article matches must not depend on a body the caller may not read: otherwise searching
 * tells a guest which words a premium article contains, even though no snippet quotes them.
 */
let t: TestApp;
let staffToken: string;
let readerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
  readerToken = await tokenFor(t, await createUser(t));
});

interface Hits {
  count: number;
  results: Array<{ id: number; snippet: string; rank: number }>;
}

async function search(q: string, token?: string): Promise<Hits> {
  const res = await t.api('GET', '/search', { query: { q }, token });
  expect(res.statusCode).toBe(200);
  return res.json() as Hits;
}

const ids = (hits: Hits) => hits.results.map((r) => r.id).sort((a, b) => a - b);

/** What a guest, a signed-in reader without membership, and staff find for the query. */
async function foundBy(q: string) {
  const [guest, reader, staff] = [await search(q), await search(q, readerToken), await search(q, staffToken)];
  return { guest, reader, staff };
}

const premium = { access: 'premium', free_read: false } as const;

describe('a premium body in word search', () => {
  it('is matched for staff only; guests and readers without membership find nothing', async () => {
    const article = await createArticle(t, { ...premium, title: 'Members corner', summary: 'A teaser.', body_markdown: 'The gravimetric secret.' });
    const { guest, reader, staff } = await foundBy('gravimetric');
    for (const hits of [guest, reader]) {
      expect(hits.count).toBe(0);
      expect(hits.results).toEqual([]);
    }
    expect(ids(staff)).toEqual([article.id]);
    expect(staff.count).toBe(1);
    // The prefix of the last word reaches no further.
    expect((await search('gravimet')).count).toBe(0);
    expect((await search('gravimet', staffToken)).count).toBe(1);
  });

  it('does not complete a query whose other words are in the title', async () => {
    const article = await createArticle(t, { ...premium, title: 'Barometric notes', summary: 'Weather.', body_markdown: 'On isobaric charts.' });
    expect((await search('barometric isobaric')).count).toBe(0);
    expect((await search('isobaric barometric', readerToken)).count).toBe(0);
    expect(ids(await search('barometric isobaric', staffToken))).toEqual([article.id]);
    expect(ids(await search('barometric'))).toEqual([article.id]);
  });

  it('leaves a premium title and summary searchable by everyone', async () => {
    const inTitle = await createArticle(t, { ...premium, title: 'Heliographic methods', summary: 'Old signals.', body_markdown: 'Mirrors.' });
    const inSummary = await createArticle(t, { ...premium, title: 'Signals', summary: 'The heliographic way.', body_markdown: 'Mirrors again.' });
    const { guest, reader, staff } = await foundBy('heliographic');
    for (const hits of [guest, reader, staff]) expect(ids(hits)).toEqual([inTitle.id, inSummary.id].sort((a, b) => a - b));
    const titleHit = guest.results.find((r) => r.id === inTitle.id)!;
    expect(titleHit.snippet).toBe('<mark>Heliographic</mark> methods');
  });

  it('keeps free bodies and free reads searchable by everyone', async () => {
    const free = await createArticle(t, { title: 'Free one', body_markdown: 'A stroboscopic lamp.' });
    const freeRead = await createArticle(t, { access: 'premium', free_read: true, title: 'Open one', body_markdown: 'Another stroboscopic lamp.' });
    const { guest, reader, staff } = await foundBy('stroboscopic');
    for (const hits of [guest, reader, staff]) expect(ids(hits)).toEqual([free.id, freeRead.id].sort((a, b) => a - b));
  });

  it('does not move a premium article up the ranking for words in its body', async () => {
    const plain = await createArticle(t, { ...premium, title: 'Tachymetric survey', summary: 'Same teaser.', body_markdown: 'alpha beta gamma zeta' });
    const loaded = await createArticle(t, { ...premium, title: 'Tachymetric survey', summary: 'Same teaser.', body_markdown: 'tachymetric tachymetric tachymetric zeta' });
    const guest = await search('tachymetric');
    expect(ids(guest)).toEqual([plain.id, loaded.id].sort((a, b) => a - b));
    expect(guest.results[0].rank).toBe(guest.results[1].rank);
    const staff = await search('tachymetric', staffToken);
    expect(staff.results[0].id).toBe(loaded.id);
    expect(staff.results[0].rank).toBeGreaterThan(staff.results[1].rank);
  });
});

describe('a premium body in Chinese search', () => {
  it('is matched for staff only, for terms of three or more characters', async () => {
    const article = await createArticle(t, { ...premium, title: '会员专栏', summary: '导读。', body_markdown: '正文里藏着麒麟蛋糕的做法。' });
    const { guest, reader, staff } = await foundBy('麒麟蛋糕');
    expect(guest.count).toBe(0);
    expect(reader.count).toBe(0);
    expect(ids(staff)).toEqual([article.id]);
  });

  it('is matched for staff only, for terms of one or two characters', async () => {
    const article = await createArticle(t, { ...premium, title: '会员专栏二', summary: '导读二。', body_markdown: '一只鼋在水里。' });
    const { guest, reader, staff } = await foundBy('鼋');
    expect(guest.count).toBe(0);
    expect(reader.count).toBe(0);
    expect(ids(staff)).toEqual([article.id]);
    expect(staff.results[0].snippet).toContain('<mark>鼋</mark>');
  });

  it('is matched for staff only when long and short terms are mixed', async () => {
    const article = await createArticle(t, { ...premium, title: '貔貅茶馆', summary: '茶馆的故事。', body_markdown: '掌柜养了一只鼍。' });
    // The long term is in the title; the short one only in the body.
    expect((await search('貔貅茶 鼍')).count).toBe(0);
    expect((await search('貔貅茶 鼍', readerToken)).count).toBe(0);
    expect(ids(await search('貔貅茶 鼍', staffToken))).toEqual([article.id]);
    // And the other way round: the short term in the title, the long one only in the body.
    expect((await search('貔 养了一只')).count).toBe(0);
    expect(ids(await search('貔 养了一只', staffToken))).toEqual([article.id]);
  });

  it('leaves premium titles searchable by everyone, long and short terms alike', async () => {
    const article = await createArticle(t, { ...premium, title: '饕餮盛宴指南', summary: '吃。', body_markdown: '细节在正文。' });
    for (const q of ['饕餮盛宴', '饕', '饕餮 盛宴指']) {
      const { guest, reader, staff } = await foundBy(q);
      for (const hits of [guest, reader, staff]) expect(ids(hits)).toEqual([article.id]);
    }
  });

  it('keeps free bodies and free reads searchable by everyone', async () => {
    const free = await createArticle(t, { title: '免费文章', body_markdown: '这里说到了魑魅魍魉。' });
    const freeRead = await createArticle(t, { access: 'premium', free_read: true, title: '限免文章', body_markdown: '那里也说到了魑魅魍魉。' });
    for (const q of ['魑魅魍魉', '魍']) {
      const { guest, reader, staff } = await foundBy(q);
      for (const hits of [guest, reader, staff]) expect(ids(hits)).toEqual([free.id, freeRead.id].sort((a, b) => a - b));
    }
  });
});

describe('cached guest answers', () => {
  it('are never what staff get, nor the other way round', async () => {
    const article = await createArticle(t, { ...premium, title: 'Cartographic desk', body_markdown: 'The orographic layer.' });
    expect((await search('orographic')).count).toBe(0);
    expect(ids(await search('orographic', staffToken))).toEqual([article.id]);
    // The guest answer comes from the cache filled above, and staff's answer did not replace it.
    expect((await search('orographic')).count).toBe(0);
    expect((await search('orographic', readerToken)).count).toBe(0);
  });
});
