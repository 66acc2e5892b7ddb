import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await tokenFor(t, await createUser(t));
});

const save = (id: number, body: unknown, as = token) => t.api('POST', `/read/${id}`, { token: as, body });
const load = (id: number, as = token) => t.api('GET', `/read/${id}`, { token: as });

describe('reading progress', () => {
  it('reads as not started before anything is saved', async () => {
    const article = await createArticle(t);
    const res = await load(article.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ article_id: article.id, progress: 0, position: 0, completed: false, updated_at: null });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('saves and updates the caller’s own progress', async () => {
    const article = await createArticle(t);
    const first = await save(article.id, { progress: 0.5, position: 1200 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ article_id: article.id, progress: 0.5, position: 1200, completed: false });
    expect(first.json().updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await save(article.id, { progress: 0.75 })).json()).toMatchObject({ progress: 0.75, position: 0 });
    expect((await load(article.id)).json()).toMatchObject({ progress: 0.75, position: 0, completed: false });
    // Someone else's progress on the same article is theirs alone.
    const other = await tokenFor(t, await createUser(t));
    expect((await load(article.id, other)).json()).toMatchObject({ progress: 0, updated_at: null });
  });

  it('marks an article completed from 0.98 on, and keeps it completed when the reader scrolls back', async () => {
    const article = await createArticle(t);
    expect((await save(article.id, { progress: 0.97 })).json().completed).toBe(false);
    expect((await save(article.id, { progress: 0.98, position: 9000 })).json().completed).toBe(true);
    const back = await save(article.id, { progress: 0.1, position: 40 });
    expect(back.json()).toMatchObject({ progress: 0.1, position: 40, completed: true });
    expect((await load(article.id)).json().completed).toBe(true);
  });

  it('needs a login', async () => {
    const article = await createArticle(t);
    expect((await t.api('GET', `/read/${article.id}`)).statusCode).toBe(401);
    expect((await t.api('POST', `/read/${article.id}`, { body: { progress: 0.5 } })).statusCode).toBe(401);
  });

  it('is 404 for drafts and unknown articles', async () => {
    const draft = await createArticle(t, { status: 'draft' });
    for (const id of [draft.id, 2_000_000_000]) {
      expect((await load(id)).statusCode).toBe(404);
      expect((await save(id, { progress: 0.5 })).statusCode).toBe(404);
    }
  });

  it('names the field of bad input', async () => {
    const article = await createArticle(t);
    for (const [body, field] of [
      [{}, 'progress'],
      [{ progress: 1.5 }, 'progress'],
      [{ progress: -0.1 }, 'progress'],
      [{ progress: 'half' }, 'progress'],
      [{ progress: 0.5, position: -1 }, 'position'],
      [{ progress: 0.5, position: 1.5 }, 'position'],
    ] as const) {
      const res = await save(article.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    const badId = await load(Number.NaN);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toHaveProperty('id');
  });
});
