import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, createUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('GET author/{id}', () => {
  it('answers a user with published articles and counts only those', async () => {
    const writer = await createStaff(t, { display_name: 'Ada Writer', description: 'Writes about engines.', avatar: '/media/ada.png' });
    await createArticle(t, { author: writer });
    await createArticle(t, { author: writer, published_at: new Date(Date.now() - 86_400_000).toISOString() });
    await createArticle(t, { author: writer, status: 'draft', published_at: null });
    await createArticle(t, { author: writer, published_at: new Date(Date.now() + 86_400_000).toISOString() });
    const res = await t.api('GET', `/author/${writer.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: writer.id,
      display_name: 'Ada Writer',
      username: writer.username,
      avatar: '/media/ada.png',
      description: 'Writes about engines.',
      article_count: 2,
    });
    expect(res.json()).not.toHaveProperty('email');
  });

  it('falls back to the username when there is no display name', async () => {
    const writer = await createStaff(t, { display_name: '' });
    await createArticle(t, { author: writer });
    expect((await t.api('GET', `/author/${writer.id}`)).json().display_name).toBe(writer.username);
  });

  it('answers 404 for a user without published articles and for no user', async () => {
    const drafter = await createStaff(t);
    await createArticle(t, { author: drafter, status: 'draft', published_at: null });
    const reader = await createUser(t);
    for (const id of [drafter.id, reader.id, 2_000_000_000]) {
      const res = await t.api('GET', `/author/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('names a bad id', async () => {
    const res = await t.api('GET', '/author/me');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('id');
  });
});
