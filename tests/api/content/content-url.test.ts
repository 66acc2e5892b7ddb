import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('content/url', () => {
  it("answers the canonical page of a published article, absolute on the site's public URL", async () => {
    const article = await createArticle(t);
    const res = await t.api('GET', `/content/url/${article.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: article.id, path: `/article/${article.id}`, url: `http://lectern.test/article/${article.id}` });
  });

  it('is 404 for drafts, future articles and unknown ids', async () => {
    const draft = await createArticle(t, { status: 'draft' });
    const future = await createArticle(t, { published_at: new Date(Date.now() + 86_400_000).toISOString() });
    for (const id of [draft.id, future.id, 2_000_000_000]) {
      const res = await t.api('GET', `/content/url/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('names a bad id', async () => {
    const res = await t.api('GET', '/content/url/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('id');
  });
});
