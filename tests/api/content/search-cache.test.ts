import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
});

describe('guest search answers', () => {
  it('are reused until content changes, and never handed to a signed-in caller', async () => {
    await createArticle(t, { title: 'Quokka habits', access: 'premium', body_markdown: 'quokka premium body words' });
    const first = await t.api('GET', '/search', { query: { q: 'quokka' } });
    expect(first.json().count).toBe(1);

    // A write that bypasses the services (and so the change event) is not seen: the answer is cached.
    await t.db.kysely.updateTable('articles').set({ title: 'Quokka habits, revised' }).where('title', '=', 'Quokka habits').execute();
    expect((await t.api('GET', '/search', { query: { q: 'quokka' } })).json().results[0].title).toBe('Quokka habits');

    // Staff get a fresh answer with body snippets, not the guest's cached one.
    const staff = await t.api('GET', '/search', { query: { q: 'quokka' }, token: staffToken });
    expect(staff.json().results[0].title).toBe('Quokka habits, revised');
    expect(staff.json().results[0].snippet).toContain('premium body');

    // Any content change through the API drops the cache.
    await createArticle(t, { title: 'Another quokka' });
    const after = await t.api('GET', '/search', { query: { q: 'quokka' } });
    expect(after.json().count).toBe(2);
    expect(after.json().results.map((r: { snippet: string }) => r.snippet).join(' ')).not.toContain('premium body');
  });
});
