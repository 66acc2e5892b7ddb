import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createTag } from '../helpers/factories.js';

let t: TestApp;
let ids: { category: number; tag: number; author: number };

beforeAll(async () => {
  const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-feed-links-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(distDir, 'client'), { recursive: true });
  writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
  t = await createTestApp({ distDir }, { ssr: { mode: 'production', loadRender: async () => render } });
  const category = await createCategory(t, { name: 'Gardening' });
  const tag = await createTag(t, { name: 'compost' });
  const article = await createArticle(t, { category_id: category.id, tag_ids: [tag.id] });
  ids = { category: category.id, tag: tag.id, author: article.author.id };
});

/** The `<link rel="alternate">` feed links of a rendered page, as `type href`. */
async function feedLinks(url: string): Promise<string[]> {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return [...res.body.matchAll(/<link rel="alternate" type="([^"]+)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
}

describe('list pages advertise their own feeds', () => {
  for (const kind of ['category', 'tag', 'author'] as const) {
    it(`/${kind}/{id} links its RSS and Atom feeds, with absolute URLs`, async () => {
      const id = ids[kind];
      const links = await feedLinks(`/${kind}/${id}`);
      expect(links).toContain(`application/rss+xml ${t.config.publicUrl}/${kind}/${id}/rss.xml`);
      expect(links).toContain(`application/atom+xml ${t.config.publicUrl}/${kind}/${id}/atom.xml`);
      // Each advertised feed exists.
      for (const format of ['rss', 'atom']) expect((await t.app.inject({ url: `/${kind}/${id}/${format}.xml` })).statusCode).toBe(200);
    });
  }

  it('the home page advertises the site feed only', async () => {
    const links = await feedLinks('/');
    expect(links.some((l) => l.includes('/category/') || l.includes('/tag/') || l.includes('/author/'))).toBe(false);
    expect(links.some((l) => l.endsWith('/rss.xml'))).toBe(true);
  });
});
