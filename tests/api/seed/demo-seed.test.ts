import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty, seedLargeSite, type DemoSeeded } from '../../../src/server/db/seed/index.js';
import { renderMarkdown } from '../../../src/server/platform/markdown.js';
import { MEMBER_SHORTCUT_TYPE } from '../../../src/shared/api/membership-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let seededWithDemoOff: DemoSeeded | null;
let seeded: DemoSeeded | null;
let seededAgain: DemoSeeded | null;
/** The tests choose the demo passwords; a deployed site gets random ones. */
const passwords = { editor: 'editor-pass-for-tests', reader: 'reader-pass-for-tests', member: 'member-pass-for-tests' };
const demoConfig = () => ({ ...t.config, demoMode: true });
const count = async (table: 'articles' | 'categories' | 'tags' | 'topics' | 'users') =>
  Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await createTestApp();
  seededWithDemoOff = await seedIfEmpty(t.config, t.db);
  seeded = await seedIfEmpty(demoConfig(), t.db, { passwords });
  seededAgain = await seedIfEmpty(demoConfig(), t.db, { passwords });
});

describe('seedIfEmpty', () => {
  it('seeds only in demo mode, and only once', async () => {
    expect(seededWithDemoOff).toBeNull();
    expect(seeded?.accounts.map((a) => [a.username, a.password, a.role])).toEqual([
      ['editor', passwords.editor, 'staff'],
      ['reader', passwords.reader, 'user'],
      ['member', passwords.member, 'user'],
    ]);
    expect(seededAgain).toBeNull();
    // Four authors and the three demo accounts; the second call added nobody.
    expect(await count('users')).toBe(7);
    expect(await count('articles')).toBe(48);
  });

  it('gives the taxonomy and at least 40 published articles in both languages', async () => {
    expect(await count('categories')).toBe(6);
    expect(await count('tags')).toBe(15);
    expect(await count('topics')).toBe(3);
    const articles = await t.db.kysely.selectFrom('articles').selectAll().execute();
    const published = articles.filter((a) => a.status === 'published' && a.published_at! <= new Date().toISOString());
    expect(published.length).toBeGreaterThanOrEqual(40);
    expect(articles.filter((a) => a.language === 'en').length).toBeGreaterThanOrEqual(6);
    expect(articles.filter((a) => a.language === 'zh-CN').length).toBeGreaterThanOrEqual(4);
    expect(articles.filter((a) => a.access === 'premium').length).toBeGreaterThan(2);
    expect(articles.filter((a) => a.access === 'premium' && a.free_read === 1).length).toBeGreaterThan(0);
    expect(articles.filter((a) => a.is_hot === 1).length).toBeGreaterThan(2);
    expect(articles.filter((a) => a.cover !== null).length / articles.length).toBeGreaterThan(0.7);
    const days = new Set(published.map((a) => a.published_at!.slice(0, 10)));
    expect(days.size).toBeGreaterThan(30);
    expect(published.every((a) => Date.parse(a.published_at!) > Date.now() - 366 * 24 * 3600 * 1000)).toBe(true);
  });

  it('stores rendered bodies, plain text and reading time', async () => {
    const article = await t.db.kysely.selectFrom('articles').selectAll().where('slug', '=', 'sql-indexes-card-catalogue').executeTakeFirstOrThrow();
    expect(article.content_html).toBe(renderMarkdown(article.body_markdown));
    expect(article.content_html).toContain('<code class="hljs language-sql">');
    expect(article.content_html).toContain('<table>');
    expect(article.content_html).toContain('src="/media/demo/figure-btree-index.webp"');
    expect(article.body_text).not.toContain('<');
    expect(article.body_text).toContain('explain query plan');
    expect(article.reading_time).toBeGreaterThanOrEqual(3);
  });

  it('gives four authors with distinct names, bios, avatars and articles', async () => {
    const authors = await t.db.kysely
      .selectFrom('users')
      .innerJoin('articles', 'articles.author_id', 'users.id')
      .select(['users.id', 'users.display_name', 'users.description', 'users.avatar', 'users.role'])
      .groupBy(['users.id', 'users.display_name', 'users.description', 'users.avatar', 'users.role'])
      .execute();
    expect(authors).toHaveLength(4);
    expect(new Set(authors.map((a) => a.display_name)).size).toBe(4);
    for (const author of authors) {
      expect(author.role).toBe('staff');
      expect(author.description.length).toBeGreaterThan(40);
      expect(author.avatar).toMatch(/^\/media\/demo\/avatar-[a-z]+\.webp$/);
    }
  });

  it('labels every article with tags, and puts some in each topic', async () => {
    const untagged = await t.db.kysely
      .selectFrom('articles')
      .leftJoin('article_tags', 'article_tags.article_id', 'articles.id')
      .select('articles.id')
      .where('article_tags.tag_id', 'is', null)
      .execute();
    expect(untagged).toEqual([]);
    const perTopic = await t.db.kysely
      .selectFrom('topics')
      .leftJoin('topic_articles', 'topic_articles.topic_id', 'topics.id')
      .select(['topics.slug', (eb) => eb.fn.count('topic_articles.article_id').as('n')])
      .groupBy('topics.slug')
      .execute();
    expect(perTopic).toHaveLength(3);
    for (const topic of perTopic) expect(Number(topic.n)).toBeGreaterThanOrEqual(2);
  });

  it('adds banners of each kind, both announcements, the slot texts and the shortcuts', async () => {
    const db = t.db.kysely;
    const banners = await db.selectFrom('banners').selectAll().execute();
    expect(new Set(banners.map((b) => b.kind))).toEqual(new Set(['main', 'hot', 'final']));
    for (const banner of banners.filter((b) => b.article_id !== null)) expect(banner.link).toBe(`/article/${banner.article_id}`);
    const announcements = await db.selectFrom('announcements').selectAll().where('is_active', '=', 1).execute();
    expect(announcements.map((a) => a.is_modal).sort()).toEqual([0, 1]);
    const keys = (await db.selectFrom('slot_texts').select('key').execute()).map((s) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['home_intro', 'membership_pitch', 'commercial_disclosures', 'footer_note']));
    const disclosure = await db.selectFrom('slot_texts').selectAll().where('key', '=', 'commercial_disclosures').executeTakeFirstOrThrow();
    expect(disclosure.text).toMatch(/paid placement/i);
    const types = await db.selectFrom('shortcut_types').selectAll().orderBy('position').execute();
    expect(types.map((type) => type.slug)).toEqual(['start-here', 'popular-searches', 'documentation', MEMBER_SHORTCUT_TYPE]);
    const topicIds = new Set((await db.selectFrom('topics').select('id').execute()).map((r) => r.id));
    for (const type of types) {
      const shortcuts = await db.selectFrom('shortcuts').selectAll().where('type_id', '=', type.id).execute();
      expect(shortcuts.length).toBeGreaterThanOrEqual(4);
      expect(shortcuts.length).toBeLessThanOrEqual(6);
      for (const s of shortcuts) {
        expect(s.url).toMatch(/^(\/|https:\/\/)/);
        const topic = /^\/topic\/(\d+)$/.exec(s.url);
        if (topic) expect(topicIds.has(Number(topic[1]))).toBe(true);
      }
    }
    const external = await db.selectFrom('shortcuts').select('url').where('url', 'like', 'https://%').execute();
    expect(external.length).toBeGreaterThanOrEqual(4);
  });
});

describe('demo accounts', () => {
  it('log in as staff (editor) and as a reader', async () => {
    const editor = await t.api('POST', '/rest-auth/login/', { body: { username: 'editor', password: passwords.editor } });
    expect(editor.statusCode).toBe(200);
    expect(editor.json().user).toMatchObject({ username: 'editor', role: 'staff', is_staff: true });
    const reader = await t.api('POST', '/rest-auth/login/', { body: { username: 'reader', password: passwords.reader } });
    expect(reader.statusCode).toBe(200);
    expect(reader.json().user).toMatchObject({ username: 'reader', role: 'user', is_staff: false });
  });

  it('the member reads premium articles as a member; the reader opens one under the meter', async () => {
    const now = new Date().toISOString();
    const premium = await t.db.kysely
      .selectFrom('articles')
      .select('id')
      .where('access', '=', 'premium')
      .where('free_read', '=', 0)
      .where('status', '=', 'published')
      .where('published_at', '<=', now)
      .orderBy('id')
      .execute();
    expect(premium.length).toBeGreaterThanOrEqual(3);
    const [first] = premium;

    const login = async (username: 'member' | 'reader') =>
      (await t.api('POST', '/rest-auth/login/', { body: { username, password: passwords[username] } })).json().access as string;
    const member = await login('member');
    expect((await t.api('GET', `/article/membership_status/${first.id}`, { token: member })).json()).toMatchObject({ can_read: true, reason: 'member', plans: [] });
    expect((await t.api('GET', `/article/${first.id}`, { token: member })).json().content_html).toEqual(expect.any(String));
    const grant = await t.db.kysely
      .selectFrom('membership_grants')
      .innerJoin('users', 'users.id', 'membership_grants.granted_by')
      .select(['membership_grants.source', 'users.username'])
      .executeTakeFirstOrThrow();
    expect(grant).toEqual({ source: 'staff', username: 'editor' });

    const reader = await login('reader');
    const status = (await t.api('GET', `/article/membership_status/${first.id}`, { token: reader })).json();
    expect(status).toMatchObject({ can_read: true, reason: 'metered' });
    expect(status.plans.map((p: { slug: string }) => p.slug)).toEqual(['premium']);
    expect((await t.api('GET', `/article/${first.id}`, { token: reader })).json()).toMatchObject({ locked: true, content_html: null });
    const opened = (await t.api('POST', `/article/${first.id}/unlock`, { token: reader })).json();
    expect(opened).toMatchObject({ locked: false, reason: 'metered' });
    expect(opened.content_html).toEqual(expect.any(String));
  });

  it('byline authors have no password and cannot log in', async () => {
    const res = await t.api('POST', '/rest-auth/login/', { body: { username: 'maren', password: passwords.editor } });
    expect(res.statusCode).toBe(401);
    const maren = await t.db.kysely.selectFrom('users').select('password_hash').where('username', '=', 'maren').executeTakeFirstOrThrow();
    expect(maren.password_hash).toBeNull();
  });
});

describe('seeded articles through the API', () => {
  it('serves a free article in full and a premium one locked to guests', async () => {
    const db = t.db.kysely;
    const free = await db.selectFrom('articles').select('id').where('slug', '=', 'small-functions-honest-names').executeTakeFirstOrThrow();
    const premium = await db.selectFrom('articles').select('id').where('slug', '=', 'git-habits-for-calm-collaboration').executeTakeFirstOrThrow();
    const freeRes = await t.api('GET', `/article/${free.id}`);
    expect(freeRes.statusCode).toBe(200);
    expect(freeRes.json()).toMatchObject({ title: 'Small Functions, Honest Names', locked: false, author: { display_name: 'Maren Holt' } });
    expect(freeRes.json().content_html).toContain('language-ts');
    const premiumRes = await t.api('GET', `/article/${premium.id}`);
    expect(premiumRes.statusCode).toBe(200);
    expect(premiumRes.json()).toMatchObject({ access: 'premium', locked: true, content_html: null });
  });
});

describe('seedLargeSite on a demo site', () => {
  it('adds the articles and reuses the demo authors and taxonomy', async () => {
    const before = await count('articles');
    const result = await seedLargeSite(demoConfig(), t.db, 200);
    expect(result.added).toBe(200);
    expect(await count('articles')).toBe(before + 200);
    expect(await count('categories')).toBe(6);
    expect(await count('tags')).toBe(15);
    expect(await count('users')).toBe(7);
  });
});
