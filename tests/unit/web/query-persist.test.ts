// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/web/app/app-shell.js';
import { sessionUserQuery } from '../../../src/web/lib/session/session-user.js';
import { articleAccessQuery, fingerprintQuery } from '../../../src/web/features/content/api/article-access.js';
import { adminPreviewQuery, articleQuery, articleSummariesQuery, hotArticlesQuery, relatedArticlesQuery } from '../../../src/web/features/content/api/articles.js';
import { authorQuery, categoriesQuery, categoryQuery, tagQuery, topicsQuery } from '../../../src/web/features/content/api/catalog.js';
import { announcementsQuery, bannersQuery, shortcutPreviewQuery, slotTextsQuery } from '../../../src/web/features/content/api/editorial.js';
import { memberCoursesQuery } from '../../../src/web/features/content/api/member-courses.js';
import { searchQuery } from '../../../src/web/features/content/api/search.js';
import {
  certificateQuery,
  courseListQuery,
  courseOutlineQuery,
  courseProgressQuery,
  courseQuery,
  lessonNavigationQuery,
  lessonQuery,
  myCoursesQuery,
} from '../../../src/web/features/courses/api/courses.js';
import { myMembershipQuery, priceCardQuery } from '../../../src/web/features/membership/api/membership.js';
import { countriesQuery, shippingMethodsQuery } from '../../../src/web/features/shop/api/basket.js';
import { productListQuery, productQuery, shopCategoriesQuery } from '../../../src/web/features/shop/api/catalogue.js';
import { addressesQuery, myOrdersQuery } from '../../../src/web/features/shop/checkout/api.js';
import { profileQuery } from '../../../src/web/features/users/api/profile.js';
import { openDb, type LecternDb } from '../../../src/web/lib/db.js';
import type { HttpClient } from '../../../src/web/lib/http.js';
import { manifestQuery } from '../../../src/web/lib/offline/library-hooks.js';
import { persistPublicQueries, readPersisted } from '../../../src/web/lib/query-persist.js';
import { isPersistableQuery, PERSIST_MAX_AGE_MS, PERSISTED_QUERIES_KEY } from '../../../src/web/lib/query-persist-policy.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from './fixtures.js';

/** Never called: each query below is filled with `queryFn` replaced by its answer. */
const http = {} as HttpClient;
const USER = 7;

interface Options {
  queryKey: QueryKey;
  meta?: Record<string, unknown>;
}

/** The feature's own query options (key and meta as the app uses them), answered with `data`. */
async function fill(client: QueryClient, options: Options, data: unknown = { ok: true }): Promise<void> {
  await client.fetchQuery({ queryKey: options.queryKey, meta: options.meta, queryFn: () => data });
}

/** The query of `options` as the persister sees it, just fetched. */
async function persistable(options: Options): Promise<boolean> {
  const client = createQueryClient();
  await fill(client, options);
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true })!;
  return isPersistableQuery(query);
}

const PUBLIC: Record<string, Options> = {
  "a guest's article (the locked copy of a premium one)": articleQuery(http, 12, 'en', 0),
  'an article list': articleSummariesQuery(http, { page: 1, page_size: 10 }, 'en'),
  'the hot articles': hotArticlesQuery(http, 'en', 0),
  'related articles': relatedArticlesQuery(http, 12, 'en'),
  'a category': categoryQuery(http, { by: 'id', value: 3 }, 'en'),
  'the categories': categoriesQuery(http, 'zh-CN'),
  'a tag': tagQuery(http, { by: 'name', value: 'sql' }, 'en'),
  'the topics': topicsQuery(http, 1, 'en'),
  'an author': authorQuery(http, 4, 'en'),
  'the banners': bannersQuery(http, 'en'),
  'the announcements': announcementsQuery(http, 'en'),
  'the slot texts': slotTextsQuery(http, 'en', 'home_intro'),
  'the shortcut preview': shortcutPreviewQuery(http, 'zh-CN'),
  'the course catalogue': courseListQuery(http, { page: 1 }, 'en'),
  'the member courses list': memberCoursesQuery(http, 'zh-CN'),
  "a guest's course": courseQuery(http, 5, 'zh-CN', 0),
  "a guest's outline": courseOutlineQuery(http, 5, 0),
  "a guest's lesson (a locked one holds its title only)": lessonQuery(http, 41, 0),
  "a lesson's navigation": lessonNavigationQuery(http, 41),
  'the shop list': productListQuery(http, { page: 1 }, 'zh-CN'),
  'the shop categories': shopCategoriesQuery(http, 'zh-CN'),
  'a product': productQuery(http, 9, 'en'),
  'the shipping countries': countriesQuery(http),
  'the membership price card': priceCardQuery(http, 'en'),
};

const fingerprint = () => Promise.resolve('f'.repeat(32));
const NOT_PERSISTED: Record<string, Options> = {
  "a user's article": articleQuery(http, 12, 'en', USER),
  "a guest's unlocked article": articleAccessQuery(http, 12, 0, fingerprint),
  "a user's unlocked article": articleAccessQuery(http, 12, USER, fingerprint),
  'the device fingerprint': fingerprintQuery(http, 0),
  "staff's preview of a draft": adminPreviewQuery(http, 12, USER),
  'the session user': sessionUserQuery(http, USER),
  'the profile': profileQuery(http, USER),
  "the user's membership": myMembershipQuery(http, USER),
  "a member's course": courseQuery(http, 5, 'en', USER),
  "a member's outline (done marks)": courseOutlineQuery(http, 5, USER),
  "a member's lesson (its premium body)": lessonQuery(http, 41, USER),
  'course progress': courseProgressQuery(http, 5, USER),
  "the user's courses": myCoursesQuery(http, USER, 1, 'en'),
  'a certificate (a learner name)': certificateQuery(http, 'ABC'),
  "a user's offline manifest": manifestQuery(http, 5, USER),
  'shipping for a basket': shippingMethodsQuery(http, USER, 'CN', 'v1'),
  'addresses': addressesQuery(http, USER),
  'orders': myOrdersQuery(http, USER, 1),
  'search (the words a reader typed)': searchQuery(http, 'indexes', 1, 'en'),
  'a key the list does not know': { queryKey: ['something-new', 1] },
  "a member's lesson under a key without the personal mark": { queryKey: ['courses', 'lesson', 41, USER] },
  'a public key marked personal': { queryKey: ['articles', 'summaries', { page: 1 }], meta: { personal: true } },
};

describe('which query answers are kept on the device', () => {
  it.each(Object.entries(PUBLIC))('keeps %s', async (_what, options) => {
    expect(await persistable(options)).toBe(true);
  });

  it.each(Object.entries(NOT_PERSISTED))('never keeps %s', async (_what, options) => {
    expect(await persistable(options)).toBe(false);
  });

  it("never keeps a reader's own copy answering a guest's key (the worker's saved copy, offline)", () => {
    const now = Date.now();
    const kept = (queryKey: unknown[], data: unknown) => isPersistableQuery({ queryKey, state: { status: 'success', dataUpdatedAt: now, data } }, now);
    const article = ['articles', 'detail', 12, 0];
    expect(kept(article, { access: 'premium', free_read: false, locked: true, content_html: null })).toBe(true);
    expect(kept(article, { access: 'premium', free_read: false, locked: false, content_html: '<p>members only</p>' })).toBe(false);
    expect(kept(article, { access: 'premium', free_read: true, locked: false, content_html: '<p>free this week</p>' })).toBe(true);
    // A plan's article: its members' copy is theirs alone, whatever its free-read flag says.
    expect(kept(article, { access: 'plan', free_read: true, locked: false, content_html: '<p>for the circle</p>' })).toBe(false);
    expect(kept(article, { access: 'plan', free_read: false, locked: true, content_html: null })).toBe(true);
    expect(kept(article, { access: 'free', locked: false, content_html: '<p>free</p>' })).toBe(true);
    const lesson = ['courses', 'lesson', 7, 0];
    expect(kept(lesson, { course: { access: 'premium' }, is_free_preview: false, locked: false, done: null })).toBe(false);
    expect(kept(lesson, { course: { access: 'premium' }, is_free_preview: true, locked: false, done: null })).toBe(true);
    expect(kept(lesson, { course: { access: 'free' }, is_free_preview: false, locked: false, done: true })).toBe(false);
    expect(kept(lesson, { course: { access: 'free' }, is_free_preview: false, locked: false, done: null })).toBe(true);
    const outline = ['courses', 'outline', 3, 0];
    expect(kept(outline, { lessons: [{ id: 1, done: null }] })).toBe(true);
    expect(kept(outline, { lessons: [{ id: 1, done: true }] })).toBe(false);
    const course = ['courses', 'detail', 3, 0];
    expect(kept(course, { access: 'premium', can_read: false, enrolled: null })).toBe(true);
    expect(kept(course, { access: 'premium', can_read: true, enrolled: true })).toBe(false);
  });

  it('keeps only answers that arrived, and none older than the kept entry may be', () => {
    const key = ['articles', 'summaries', { page: 1 }];
    const now = Date.now();
    expect(isPersistableQuery({ queryKey: key, state: { status: 'success', dataUpdatedAt: now - 1000 } }, now)).toBe(true);
    expect(isPersistableQuery({ queryKey: key, state: { status: 'error', dataUpdatedAt: 0 } }, now)).toBe(false);
    expect(isPersistableQuery({ queryKey: key, state: { status: 'pending', dataUpdatedAt: 0 } }, now)).toBe(false);
    expect(isPersistableQuery({ queryKey: key, state: { status: 'success', dataUpdatedAt: now - PERSIST_MAX_AGE_MS - 1 } }, now)).toBe(false);
  });
});

/** A storage that counts its writes. */
function memoryStorage(): Storage & { writes: number } {
  const items = new Map<string, string>();
  return {
    writes: 0,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem(key: string, value: string) {
      this.writes += 1;
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

const PREMIUM_BODY = 'The body only members may read';
const LOCKED_ARTICLE = { id: 12, title: 'Indexes', locked: true, content_html: null };
const LIST = { count: 1, results: [{ id: 12, title: 'Indexes' }] };

/** A client that read a list, the guest's locked article, the user's unlocked copy and their profile. */
async function visitedClient(): Promise<QueryClient> {
  const client = createQueryClient();
  await fill(client, articleSummariesQuery(http, { page: 1 }, 'en'), LIST);
  await fill(client, articleQuery(http, 12, 'en', 0), LOCKED_ARTICLE);
  await fill(client, articleAccessQuery(http, 12, USER, fingerprint), { status: {}, unlocked: { content_html: `<p>${PREMIUM_BODY}</p>` } });
  await fill(client, articleQuery(http, 12, 'en', USER), { ...LOCKED_ARTICLE, locked: false, content_html: `<p>${PREMIUM_BODY}</p>` });
  await fill(client, profileQuery(http, USER), { id: USER, email: 'reader@example.com' });
  return client;
}

const OPTIONS = { build: '/assets/entry-client-abc.js', lang: 'en', throttleMs: 0 } as const;

describe('keeping and restoring the public answers', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
  });

  async function persistedFrom(client: QueryClient): Promise<string> {
    const { restored, stop } = persistPublicQueries(client, { ...OPTIONS, storage });
    await restored;
    // A change in the cache is written (throttled: on a timer).
    await fill(client, categoriesQuery(http, 'en'), [{ id: 3, name: 'web' }]);
    await vi.waitFor(() => expect(storage.getItem(PERSISTED_QUERIES_KEY)).not.toBeNull());
    stop();
    return storage.getItem(PERSISTED_QUERIES_KEY)!;
  }

  it('writes the public answers only: no premium body and nothing of the user', async () => {
    const text = await persistedFrom(await visitedClient());
    const keys = readPersisted(text).clientState.queries.map((q) => q.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['articles', 'summaries', { page: 1 }, 'en'],
        ['articles', 'detail', 12, 0, 'en'],
        ['categories', 'all', 'en'],
      ]),
    );
    expect(keys).toHaveLength(3);
    expect(text).not.toContain(PREMIUM_BODY);
    expect(text).not.toContain('reader@example.com');
  });

  it('writes the answers the page was hydrated with, though nothing changes afterwards', async () => {
    const { restored, stop } = persistPublicQueries(await visitedClient(), { ...OPTIONS, storage });
    await restored;
    await vi.waitFor(() => expect(storage.getItem(PERSISTED_QUERIES_KEY)).not.toBeNull());
    stop();
    expect(readPersisted(storage.getItem(PERSISTED_QUERIES_KEY)!).clientState.queries.map((q) => q.queryKey)).toEqual([
      ['articles', 'summaries', { page: 1 }, 'en'],
      ['articles', 'detail', 12, 0, 'en'],
    ]);
  });

  it('restores them into a new page: the list and the locked article at once, the personal answers not', async () => {
    await persistedFrom(await visitedClient());
    const reopened = createQueryClient();
    await persistPublicQueries(reopened, { ...OPTIONS, storage }).restored;
    expect(reopened.getQueryData(articleSummariesQuery(http, { page: 1 }, 'en').queryKey)).toEqual(LIST);
    expect(reopened.getQueryData(articleQuery(http, 12, 'en', 0).queryKey)).toEqual(LOCKED_ARTICLE);
    expect(reopened.getQueryData(articleQuery(http, 12, 'en', USER).queryKey)).toBeUndefined();
    expect(reopened.getQueryData(profileQuery(http, USER).queryKey)).toBeUndefined();
  });

  it("never replaces the server's newer answer the page was hydrated with", async () => {
    await persistedFrom(await visitedClient());
    const hydrated = createQueryClient();
    const fresh = { count: 2, results: [{ id: 13, title: 'Newer' }, ...LIST.results] };
    await fill(hydrated, articleSummariesQuery(http, { page: 1 }, 'en'), fresh);
    await persistPublicQueries(hydrated, { ...OPTIONS, storage }).restored;
    expect(hydrated.getQueryData(articleSummariesQuery(http, { page: 1 }, 'en').queryKey)).toEqual(fresh);
  });

  it('drops what another build or another language kept, and what is older than a week', async () => {
    for (const other of [{ build: '/assets/entry-client-def.js' }, { lang: 'zh-CN' }]) {
      await persistedFrom(await visitedClient());
      const reopened = createQueryClient();
      await persistPublicQueries(reopened, { ...OPTIONS, ...other, storage }).restored;
      expect(reopened.getQueryData(articleSummariesQuery(http, { page: 1 }, 'en').queryKey), JSON.stringify(other)).toBeUndefined();
      expect(storage.getItem(PERSISTED_QUERIES_KEY)).toBeNull();
    }
    const text = await persistedFrom(await visitedClient());
    storage.setItem(PERSISTED_QUERIES_KEY, JSON.stringify({ ...JSON.parse(text), timestamp: Date.now() - PERSIST_MAX_AGE_MS - 60_000 }));
    const reopened = createQueryClient();
    await persistPublicQueries(reopened, { ...OPTIONS, storage }).restored;
    expect(reopened.getQueryData(articleSummariesQuery(http, { page: 1 }, 'en').queryKey)).toBeUndefined();
    expect(storage.getItem(PERSISTED_QUERIES_KEY)).toBeNull();
  });

  it('restores nothing personal even from an entry that holds it', async () => {
    const text = await persistedFrom(await visitedClient());
    const entry = JSON.parse(text) as { clientState: { queries: Array<{ queryKey: unknown[]; queryHash: string; meta?: unknown }> } };
    const publicOne = entry.clientState.queries[0];
    entry.clientState.queries.push(
      { ...publicOne, queryKey: ['articles', 'detail', 12, USER], queryHash: JSON.stringify(['articles', 'detail', 12, USER]) },
      { ...publicOne, queryKey: ['articles', 'access', 12, 0], queryHash: JSON.stringify(['articles', 'access', 12, 0]) },
    );
    storage.setItem(PERSISTED_QUERIES_KEY, JSON.stringify(entry));
    const reopened = createQueryClient();
    await persistPublicQueries(reopened, { ...OPTIONS, storage }).restored;
    expect(reopened.getQueryData(['articles', 'detail', 12, USER])).toBeUndefined();
    expect(reopened.getQueryData(['articles', 'access', 12, 0])).toBeUndefined();
    expect(reopened.getQueryData(publicOne.queryKey)).toBeDefined();
  });
});

describe('logout', () => {
  let db: LecternDb;
  afterEach(async () => {
    await db?.delete();
    window.localStorage.clear();
  });

  it('drops the kept answers from localStorage, and leaves the other entries of the site', async () => {
    db = openDb(`lectern-persist-${process.pid}`);
    await saveLogin(loginResponseFor({ id: USER, username: 'reader' }), db);
    const client = await visitedClient();
    const { restored, stop } = persistPublicQueries(client, { ...OPTIONS, storage: window.localStorage });
    await restored;
    await fill(client, categoriesQuery(http, 'en'), []);
    await vi.waitFor(() => expect(window.localStorage.getItem(PERSISTED_QUERIES_KEY)).not.toBeNull());
    stop();
    window.localStorage.setItem('lectern-shop-used', '1');

    await clearLogin(db);
    expect(window.localStorage.getItem(PERSISTED_QUERIES_KEY)).toBeNull();
    expect(window.localStorage.getItem('lectern-shop-used')).toBe('1');
  });
});
