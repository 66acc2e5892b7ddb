import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createTag } from '../helpers/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterEach(() => {
  vi.useRealTimers();
});

const relatedIds = async (id: number, limit = 6) => {
  const res = await t.api('GET', `/article/related/${id}`, { query: { limit: String(limit) } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }[]).map((a) => a.id);
};

const cardIds = async (ids: number[]) => {
  const cards: number[] = [];
  for (const id of ids) {
    const res = await t.api('GET', `/article/summary/${id}`);
    if (res.statusCode === 200) cards.push((res.json() as { id: number }).id);
  }
  return cards;
};

describe('related lists', () => {
  it('rank articles with the same tags alike, each without itself', async () => {
    const [a, b] = [await createTag(t), await createTag(t)];
    const category = await createCategory(t);
    const both1 = await createArticle(t, { tag_ids: [a.id, b.id], category_id: category.id });
    const both2 = await createArticle(t, { tag_ids: [b.id, a.id], category_id: category.id });
    const both3 = await createArticle(t, { tag_ids: [a.id, b.id], category_id: category.id });
    const onlyA = await createArticle(t, { tag_ids: [a.id], category_id: category.id });

    expect(await relatedIds(both1.id)).toEqual([both3.id, both2.id, onlyA.id]);
    // Same set of tags, in another order: the same ranking, less the article itself.
    expect(await relatedIds(both2.id)).toEqual([both3.id, both1.id, onlyA.id]);
    expect(await relatedIds(both3.id)).toEqual([both2.id, both1.id, onlyA.id]);
    expect(await relatedIds(both3.id, 1)).toEqual([both2.id]);
    expect(await relatedIds(onlyA.id)).toEqual([both3.id, both2.id, both1.id]);
  });

  it('take in a scheduled article once its date has come, with no content change in between', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const [a, b] = [await createTag(t), await createTag(t)];
    const first = await createArticle(t, { tag_ids: [a.id, b.id] });
    const second = await createArticle(t, { tag_ids: [a.id, b.id] });
    const scheduled = await createArticle(t, { tag_ids: [a.id, b.id], published_at: new Date(Date.now() + 10_000).toISOString() });

    expect(await relatedIds(first.id)).toEqual([second.id]);
    vi.setSystemTime(Date.now() + 20_000);
    expect(await relatedIds(first.id)).toEqual([scheduled.id, second.id]);
    expect(await relatedIds(second.id)).toEqual([scheduled.id, first.id]);
  });

  it('never list a draft, however many tags it shares', async () => {
    const a = await createTag(t);
    const draft = await createArticle(t, { tag_ids: [a.id], status: 'draft', published_at: null });
    const one = await createArticle(t, { tag_ids: [a.id] });
    const two = await createArticle(t, { tag_ids: [a.id] });
    expect(await relatedIds(one.id)).toEqual([two.id]);
    // Cards by id keep only public articles, whatever the ids asked for.
    expect(await cardIds([draft.id, one.id])).toEqual([one.id]);
  });
});
