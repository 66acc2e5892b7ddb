import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createBanner } from '../helpers/factories.js';

let t: TestApp;
type Made = Awaited<ReturnType<typeof createBanner>>;
let main: Made[];
let hot: Made[];
let final: Made[];

/** The wire form of a banner row: no activity flag or timestamps. */
const wire = (b: Made) => ({
  id: b.id,
  title: b.title,
  subtitle: b.subtitle,
  image: b.image,
  link: b.link,
  article_id: b.article_id,
  kind: b.kind,
  position: b.position,
});

beforeAll(async () => {
  t = await createTestApp();
  const article = await createArticle(t);
  const third = await createBanner(t, { kind: 'main', position: 3, title: 'Third', subtitle: 'Sub', link: '/course' });
  const firstA = await createBanner(t, { kind: 'main', position: 1, title: 'First A', article_id: article.id });
  const firstB = await createBanner(t, { kind: 'main', position: 1, title: 'First B' });
  await createBanner(t, { kind: 'main', position: 0, title: 'Switched off', is_active: 0 });
  main = [firstA, firstB, third];
  hot = [await createBanner(t, { kind: 'hot', position: 2 }), await createBanner(t, { kind: 'hot', position: -1 })].reverse();
  final = [await createBanner(t, { kind: 'final', position: 5 })];
  await createBanner(t, { kind: 'final', position: 1, is_active: 0 });
});

describe('banners', () => {
  it('GET banner lists the active main banners by position, then id', async () => {
    const res = await t.api('GET', '/banner');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(main.map(wire));
  });

  it('GET banner/hot lists only the active hot banners', async () => {
    const res = await t.api('GET', '/banner/hot');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(hot.map(wire));
  });

  it('GET banner/final lists only the active closing banners', async () => {
    const res = await t.api('GET', '/banner/final');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(final.map(wire));
  });
});

describe('an empty carousel', () => {
  let empty: TestApp;
  beforeAll(async () => {
    empty = await createTestApp();
    await createBanner(empty, { kind: 'hot', is_active: 0 });
  });

  it('answers an empty list when a carousel has no active banner', async () => {
    const res = await empty.api('GET', '/banner/hot');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
