import { beforeAll, describe, expect, it } from 'vitest';
import { grantMembership } from '../../../src/server/modules/membership/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createCategory, createPremiumProduct, createUser, tokenFor } from '../helpers/factories.js';
import { statementsOf } from '../helpers/statements.js';

/**
 * A guest's `GET /article/{id}` is kept as its bytes per article and language until content changes; a
 * signed-in reader's answer is never taken from (or put into) that store.
 */
let t: TestApp;
let memberToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const member = await createUser(t);
  await grantMembership(t.app.ctx, member.id, (await createPremiumProduct(t)).id, { kind: 'staff', reference: `guest-answers-${member.id}` });
  memberToken = await tokenFor(t, member);
});

const get = (id: number, options: { token?: string; lang?: string } = {}) =>
  t.api('GET', `/article/${id}`, { token: options.token, headers: options.lang ? { 'accept-language': options.lang } : {} });

const renameBehindServices = (id: number, title: string) => t.db.kysely.updateTable('articles').set({ title }).where('id', '=', id).execute();

describe("a guest's article answer", () => {
  it('is reused until content changes through the services', async () => {
    const article = await createArticle(t, { title: 'Kept answer' });
    expect((await get(article.id)).json().title).toBe('Kept answer');

    // A write that bypasses the services raises no change event: the kept answer is still served.
    await renameBehindServices(article.id, 'Renamed quietly');
    const again = await get(article.id);
    expect(again.json().title).toBe('Kept answer');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    // A signed-in reader reads the row as it is now.
    expect((await get(article.id, { token: memberToken })).json().title).toBe('Renamed quietly');

    // Any content change through the API drops the kept answers.
    await createArticle(t, { title: 'Another article' });
    expect((await get(article.id)).json().title).toBe('Renamed quietly');
  });

  it('is kept per language', async () => {
    const category = await createCategory(t, { name: 'Kept category', translations: JSON.stringify({ 'zh-CN': { name: '缓存分类' } }) });
    const article = await createArticle(t, { category_id: category.id });
    expect((await get(article.id, { lang: 'zh-CN' })).json().category.name).toBe('缓存分类');
    const english = await get(article.id, { lang: 'en' });
    expect(english.json().category.name).toBe('Kept category');
    expect(english.headers.vary).toMatch(/Accept-Language/);
    // Each language's answer is kept: asked again, both come with no statement at all, even after a quiet rename.
    await t.db.kysely.updateTable('categories').set({ name: 'Renamed', translations: JSON.stringify({ 'zh-CN': { name: '改名' } }) }).where('id', '=', category.id).execute();
    for (const [lang, name] of [['zh-CN', '缓存分类'], ['en', 'Kept category']] as const) {
      let answer: Awaited<ReturnType<typeof get>> | undefined;
      expect(await statementsOf(t, async () => (answer = await get(article.id, { lang }))), lang).toEqual([]);
      expect(answer!.json().category.name).toBe(name);
    }
  });

  it("never gives a guest a member's premium text, nor a member a guest's locked answer", async () => {
    const article = await createArticle(t, { access: 'premium', body_markdown: 'The kept-answer secret is here.' });
    const guestFirst = await get(article.id);
    expect(guestFirst.json()).toMatchObject({ locked: true, content_html: null });
    expect(guestFirst.headers['cache-control']).toBe('private, no-store');

    const member = await get(article.id, { token: memberToken });
    expect(member.json().locked).toBe(false);
    expect(member.json().content_html).toContain('kept-answer secret');

    const guestAgain = await get(article.id);
    expect(guestAgain.body).toBe(guestFirst.body);
    expect(guestAgain.body).not.toContain('kept-answer secret');
    expect(guestAgain.headers['cache-control']).toBe('private, no-store');
  });

  it('counts a view for every answer, kept or not', async () => {
    const own = await createTestApp();
    const article = await createArticle(own);
    const views = async () => Number((await own.db.kysely.selectFrom('articles').select('view_count').where('id', '=', article.id).executeTakeFirstOrThrow()).view_count);
    const before = await views();
    for (let i = 0; i < 3; i += 1) expect((await own.api('GET', `/article/${article.id}`)).statusCode).toBe(200);
    // Closing the app writes the views counted in memory.
    await own.app.close();
    expect(await views()).toBe(before + 3);
  });

  it('keeps no answer for an unknown article, and still checks the fingerprint header', async () => {
    const article = await createArticle(t, { status: 'draft' });
    expect((await get(article.id)).statusCode).toBe(404);
    await t.db.kysely.updateTable('articles').set({ status: 'published' }).where('id', '=', article.id).execute();
    expect((await get(article.id)).statusCode).toBe(200);

    const bad = await t.api('GET', `/article/${article.id}`, { headers: { 'x-lectern-fingerprint': 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/fingerprint/i);
  });
});
