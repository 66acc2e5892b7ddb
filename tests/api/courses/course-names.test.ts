import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseCard } from '../../../src/shared/api/courses.js';
import { render } from '../../../src/web/entry-server.js';
import { courseApiUrl, courseQuery } from '../../../src/web/features/courses/api/courses.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createCategory, createTag } from '../helpers/factories.js';
import { createCourse, createLesson, next, ok, person, type CourseOut, type Person } from './factories.js';

/*
 * A course's category and tag names follow the reader's language wherever a course card or the course is
 * answered (the catalogue, its category and tag filters, the course, the learner's courses, the price card,
 * the timeline and search), exactly as article cards do: `lang`, else the language cookie, else
 * Accept-Language (and then the answer varies by them). Ids and slugs never change, and the course's own
 * `language` (the one it is taught in) is not the reader's.
 */

const zh = (fields: Record<string, string>) => JSON.stringify({ 'zh-CN': fields });

let t: TestApp;
let staff: Person;
let learner: Person;
let category: Awaited<ReturnType<typeof createCategory>>;
let tide: Awaited<ReturnType<typeof createTag>>;
let plain: Awaited<ReturnType<typeof createTag>>;
let course: CourseOut;
let bought: CourseOut;
/** A word only the two courses' titles carry, for search. */
let word: string;

const ENGLISH = { category: 'Harbour Studies', tags: ['plain-tag', 'tidewater'] };
const CHINESE = { category: '港口研究', tags: ['plain-tag', '潮水'] };

beforeAll(async () => {
  t = await createTestApp();
  staff = await person(t, 'staff');
  learner = await person(t, 'user');
  category = await createCategory(t, { name: 'Harbour Studies', slug: 'harbour-studies', description: 'Ports.', translations: zh({ name: '港口研究' }) });
  tide = await createTag(t, { name: 'tidewater', slug: 'tidewater', translations: zh({ name: '潮水' }) });
  // No Chinese name: it shows its default name in every language.
  plain = await createTag(t, { name: 'plain-tag', slug: 'plain-tag', translations: zh({ description: '只有描述。' }) });
  word = `quillwort${next()}`;
  const refs = { category_id: category.id, tag_ids: [tide.id, plain.id] };
  // Taught in English: the reader's language, not the course's, decides the names.
  course = await createCourse(t, staff.token, { title: `Harbour ${word}`, access: 'free', language: 'en', ...refs });
  bought = await createCourse(t, staff.token, { title: `Charts ${word}`, access: 'purchase', language: 'zh-CN', ...refs });
  await createLesson(t, staff.token, course.id);
  await createLesson(t, staff.token, bought.id);
  ok(await t.api('POST', '/course_product', { token: staff.token, body: { course_id: bought.id, name: 'Charts', price: 1900 } }), 201);
  ok(await t.api('POST', `/course/${course.id}/enrol`, { token: learner.token }));
});

interface Endpoint {
  name: string;
  path: () => string;
  query?: () => Record<string, string>;
  /** The learner's own answer. */
  personal?: boolean;
  cards: (body: never) => CourseCard[];
}

type Month = { courses: CourseCard[] };
const ENDPOINTS: Endpoint[] = [
  { name: 'the catalogue', path: () => '/course', query: () => ({ category: String(category.id), page_size: '50' }), cards: (b: { results: CourseCard[] }) => b.results },
  { name: "the catalogue's tag filter", path: () => '/course', query: () => ({ tag: String(tide.id) }), cards: (b: { results: CourseCard[] }) => b.results },
  { name: 'the course', path: () => `/course/${course.id}`, cards: (b: CourseCard) => [b] },
  { name: "the learner's courses", path: () => '/my_course', personal: true, cards: (b: { results: { course: CourseCard }[] }) => b.results.map((m) => m.course) },
  { name: 'the price card', path: () => '/product_course', cards: (b: CourseCard[]) => b },
  { name: 'search', path: () => '/search', query: () => ({ q: word }), cards: (b: { courses: CourseCard[] }) => b.courses },
  { name: 'the timeline', path: () => '/timeline', query: () => ({ per_month: '100', page_size: '100' }), cards: (b: { results: Month[] }) => b.results.flatMap((m) => m.courses) },
];

async function call(endpoint: Endpoint, options: { lang?: string; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
  const query = { ...endpoint.query?.(), ...(options.lang && { lang: options.lang }) };
  return t.api('GET', endpoint.path(), { query, headers: options.headers, ...(endpoint.personal && { token: learner.token }) });
}

/** The names on a course's card in an answer (the enrolled free course; the price card has the bought one). */
function namesOf(endpoint: Endpoint, res: LightMyRequestResponse) {
  expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBe(200);
  const cards = endpoint.cards(res.json() as never);
  const card = cards.find((c) => c.id === course.id) ?? cards.find((c) => c.id === bought.id);
  expect(card, `${endpoint.name} lists the course`).toBeDefined();
  return { category: card!.category?.name, tags: card!.tags.map((x) => x.name).sort() };
}

interface Taxon {
  id: number;
  name: string;
  slug: string;
  course_count: number;
  lesson_count: number;
}
const TAXONOMIES = ['/course/category', '/course/tag', '/lesson/category', '/lesson/tag'];
const named = (list: Taxon[]) => Object.fromEntries(list.filter((x) => [category.id, tide.id, plain.id].includes(x.id)).map((x) => [x.slug, x.name]));

describe('category and tag names on course cards and the course', () => {
  it('are in the language `lang` names, the default ones in English', async () => {
    for (const endpoint of ENDPOINTS) {
      expect(namesOf(endpoint, await call(endpoint, { lang: 'zh-CN' })), endpoint.name).toEqual(CHINESE);
      expect(namesOf(endpoint, await call(endpoint, { lang: 'en' })), endpoint.name).toEqual(ENGLISH);
      expect(namesOf(endpoint, await call(endpoint)), `${endpoint.name}, no language asked`).toEqual(ENGLISH);
    }
  });

  it('keep the ids, the slug and the course language in every language', async () => {
    const refs = async (lang: string) => {
      const c = ok<CourseCard>(await t.api('GET', `/course/${course.id}`, { query: { lang } }));
      return { id: c.id, slug: c.slug, language: c.language, category: [c.category?.id, c.category?.slug], tags: c.tags.map((x) => x.id).sort() };
    };
    const [chinese, english] = await Promise.all([refs('zh-CN'), refs('en')]);
    expect(chinese).toEqual(english);
    expect(chinese).toMatchObject({ id: course.id, slug: course.slug, language: 'en', category: [category.id, 'harbour-studies'] });
  });

  it("leave the `language` filter to the course's own language", async () => {
    const ids = async (query: Record<string, string>) => ok<{ results: CourseCard[] }>(await t.api('GET', '/course', { query })).results.map((c) => c.id);
    // A Chinese reader asking for English-taught courses gets the English-taught one, with Chinese names.
    const taughtInEnglish = ok<{ results: CourseCard[] }>(await t.api('GET', '/course', { query: { language: 'en', lang: 'zh-CN', category: String(category.id) } }));
    expect(taughtInEnglish.results.map((c) => c.id)).toEqual([course.id]);
    expect(taughtInEnglish.results[0].category?.name).toBe('港口研究');
    expect(await ids({ language: 'zh-CN', lang: 'en', category: String(category.id) })).toEqual([bought.id]);
  });

  it('follow the language cookie, then Accept-Language, without `lang`, and the answer says it varies by them', async () => {
    for (const endpoint of ENDPOINTS) {
      const byCookie = await call(endpoint, { headers: { cookie: 'lang=zh-CN', 'accept-language': 'en' } });
      expect(namesOf(endpoint, byCookie), endpoint.name).toEqual(CHINESE);
      expect(String(byCookie.headers.vary), endpoint.name).toMatch(/Cookie/);
      expect(String(byCookie.headers.vary), endpoint.name).toMatch(/Accept-Language/);
      expect(namesOf(endpoint, await call(endpoint, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })), endpoint.name).toEqual(CHINESE);
      // `lang` in the URL wins over a cookie of the other language, and the URL then names the answer.
      const asked = await call(endpoint, { lang: 'en', headers: { cookie: 'lang=zh-CN' } });
      expect(namesOf(endpoint, asked), endpoint.name).toEqual(ENGLISH);
      expect(String(asked.headers.vary ?? ''), endpoint.name).not.toMatch(/Cookie/);
    }
  });

  it('are never served from a cache to a reader of another language', async () => {
    for (const endpoint of ENDPOINTS) {
      expect(namesOf(endpoint, await call(endpoint)), endpoint.name).toEqual(ENGLISH);
      expect(namesOf(endpoint, await call(endpoint)), endpoint.name).toEqual(ENGLISH);
      expect(namesOf(endpoint, await call(endpoint, { headers: { cookie: 'lang=zh-CN' } })), `${endpoint.name}, by cookie`).toEqual(CHINESE);
      expect(namesOf(endpoint, await call(endpoint)), endpoint.name).toEqual(ENGLISH);
    }
  });

  it('refuse a `lang` that is not a language of the site, naming it', async () => {
    for (const endpoint of [...ENDPOINTS.map((e) => e.name), ...TAXONOMIES]) {
      const found = ENDPOINTS.find((e) => e.name === endpoint);
      const res = found ? await call(found, { lang: 'fr' }) : await t.api('GET', endpoint, { query: { lang: 'fr' } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().fields, endpoint).toHaveProperty('lang');
    }
  });
});

describe("the catalogue's category and tag filters", () => {
  it('name categories and tags in `lang`, else by cookie or Accept-Language with vary, counts and slugs unchanged', async () => {
    for (const url of TAXONOMIES) {
      const chinese = ok<Taxon[]>(await t.api('GET', url, { query: { lang: 'zh-CN' } }));
      const english = ok<Taxon[]>(await t.api('GET', url, { query: { lang: 'en' } }));
      const expected = url.endsWith('category') ? [{ 'harbour-studies': '港口研究' }, { 'harbour-studies': 'Harbour Studies' }] : [{ tidewater: '潮水', 'plain-tag': 'plain-tag' }, { tidewater: 'tidewater', 'plain-tag': 'plain-tag' }];
      expect(named(chinese), url).toEqual(expected[0]);
      expect(named(english), url).toEqual(expected[1]);
      const counts = (list: Taxon[]) => list.map((x) => [x.id, x.slug, x.course_count, x.lesson_count]).sort((a, b) => Number(a[0]) - Number(b[0]));
      expect(counts(chinese), url).toEqual(counts(english));
      expect(chinese.find((x) => x.id === category.id || x.id === tide.id), url).toMatchObject({ course_count: 2, lesson_count: 2 });

      const byCookie = await t.api('GET', url, { headers: { cookie: 'lang=zh-CN' } });
      expect(named(ok<Taxon[]>(byCookie)), url).toEqual(expected[0]);
      expect(String(byCookie.headers.vary), url).toMatch(/Cookie/);
      expect(named(ok<Taxon[]>(await t.api('GET', url, { headers: { 'accept-language': 'zh-CN' } }))), url).toEqual(expected[0]);
      expect(named(ok<Taxon[]>(await t.api('GET', url))), url).toEqual(expected[1]);
    }
  });

  it("list them in the order of the reader's language", async () => {
    const order = async (lang: string) =>
      ok<Taxon[]>(await t.api('GET', '/course/tag', { query: { lang } }))
        .filter((x) => x.id === tide.id || x.id === plain.id)
        .map((x) => x.name);
    expect(await order('en')).toEqual(['plain-tag', 'tidewater']);
    // Chinese collation puts Chinese names first (by pinyin), then Latin ones.
    expect(await order('zh-CN')).toEqual(['潮水', 'plain-tag']);
  });
});

describe('course pages in Chinese', () => {
  let pages: TestApp;
  let id: number;
  beforeAll(async () => {
    const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-course-names-${process.pid}-${Math.random().toString(36).slice(2)}`);
    mkdirSync(path.join(distDir, 'client'), { recursive: true });
    writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
    pages = await createTestApp({ distDir }, { ssr: { mode: 'production', loadRender: async () => render } });
    const editor = await person(pages, 'staff');
    const cat = await createCategory(pages, { name: 'Harbour Studies', slug: 'harbour-studies', translations: zh({ name: '港口研究' }) });
    const tag = await createTag(pages, { name: 'tidewater', slug: 'tidewater', translations: zh({ name: '潮水' }) });
    id = (await createCourse(pages, editor.token, { title: 'Harbour tides', access: 'free', language: 'en', category_id: cat.id, tag_ids: [tag.id] })).id;
  });

  const page = (url: string, cookie: string) => pages.app.inject({ url, headers: { cookie } });

  it('render the course, its card and the catalogue filters with Chinese names, after an English reader filled the page cache', async () => {
    for (const url of [`/course/${id}`, '/course']) {
      for (let i = 0; i < 2; i += 1) {
        const english = await page(url, 'lang=en');
        expect(english.statusCode, url).toBe(200);
        expect(english.body, url).toContain('Harbour Studies');
        expect(english.body, url).not.toContain('港口研究');
      }
      const chinese = await page(url, 'lang=zh-CN');
      expect(chinese.statusCode, url).toBe(200);
      expect(chinese.body, url).toContain('港口研究');
      expect(chinese.body, url).toContain('潮水');
      // No English name of the category or the tag in what the reader sees (the course title stays English).
      expect(chinese.body, url).not.toMatch(/>Harbour Studies</);
      expect(chinese.body, url).not.toMatch(/>#?tidewater</);
      expect(chinese.body, url).toContain('Harbour tides');
    }
  });
});

describe('a course saved for offline use', () => {
  it('is stored under the URL the course page reads it from, in the page language', async () => {
    const asked: string[] = [];
    const http = createHttpClient({
      baseUrl: 'http://lectern.test',
      fetch: async (request: Request) => {
        const url = new URL(request.url);
        asked.push(`${url.pathname}${url.search}`);
        const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
        return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
      },
    });
    for (const lang of ['zh-CN', 'en'] as const) {
      const detail = (await courseQuery(http, course.id, lang).queryFn!({} as never)) as CourseCard;
      // The save stores the course's answer under courseApiUrl: the worker finds it only at the exact URL.
      expect(asked.at(-1)).toBe(courseApiUrl(course.id, lang));
      expect(detail.category?.name).toBe(lang === 'zh-CN' ? '港口研究' : 'Harbour Studies');
    }
  });
});
