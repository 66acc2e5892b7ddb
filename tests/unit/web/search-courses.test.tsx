// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CourseCard, CourseSearchHit, SearchWithCourses } from '../../../src/shared/api/courses.js';
import type { SearchHit } from '../../../src/shared/api/content.js';
import type { Language } from '../../../src/shared/i18n/index.js';
import { answerCallsWith, renderRoutesAt } from './test-app.js';
import { courseCard, fakeApi, freeArticle } from './fixtures.js';

/* The /search page lists the courses the search found (decision 60) beside the articles, in both languages. */

const course = (fields: Partial<CourseCard> & { id: number; title: string }): CourseSearchHit => ({
  ...courseCard({ category: null, tags: [], ...fields }),
  kind: 'course',
  snippet: fields.title,
  rank: 1,
  lessons: [],
});

const courses = [
  course({ id: 1, title: 'SQL for Testers' }),
  course({ id: 2, title: 'SQL 索引实战', summary: '从 B 树到执行计划。', access: 'premium', language: 'zh-CN' }),
  course({ id: 3, title: 'SQL in Production', access: 'purchase' }),
];
const hit: SearchHit = { ...freeArticle, snippet: 'about <mark>SQL</mark>', rank: 1 };
const answer = (fields: Partial<SearchWithCourses>): SearchWithCourses => ({ count: 1, next: null, previous: null, results: [hit], course_count: 3, courses, ...fields });

/** The line that counts the articles (the app shell has status regions of its own). */
const resultCount = () => document.querySelector('main [role="status"].list-count')?.textContent;

let api = fakeApi({});
answerCallsWith((request) => api(request));
afterEach(cleanup);

async function searchPage(url: string, body: SearchWithCourses, lang: Language) {
  api = fakeApi({ '/api/v2/search': body });
  renderRoutesAt(url, api, { lang });
  return screen.findByRole('region', { name: lang === 'en' ? 'Courses (3)' : '课程（3）' });
}

describe('/search with matching courses', () => {
  it('lists each course above the articles: a link to its page in its own language, its summary and its access', async () => {
    const section = await searchPage('/search?q=SQL', answer({}), 'en');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Courses (3)');
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const zh = within(items[1]).getByRole('link', { name: 'SQL 索引实战' });
    expect(zh.getAttribute('href')).toBe('/course/2');
    expect(zh.getAttribute('lang')).toBe('zh-CN');
    expect(within(items[1]).getByText('从 B 树到执行计划。').getAttribute('lang')).toBe('zh-CN');
    expect(within(items[0]).getByRole('link', { name: 'SQL for Testers' }).getAttribute('href')).toBe('/course/1');
    expect(within(items[0]).getByText('Summary of SQL for Testers')).toBeTruthy();
    expect(items.map((item) => item.querySelector('.badge')?.textContent)).toEqual(['Free', 'Members', 'Paid']);

    // The articles are still there, counted and worded as before, after the courses.
    const article = screen.getByRole('link', { name: freeArticle.title });
    expect(resultCount()).toBe('1 result for “SQL”');
    expect(section.compareDocumentPosition(article) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'Browse all courses' })).toBeNull();
  });

  it('says so in Chinese to a Chinese reader', async () => {
    const section = await searchPage('/search?q=SQL', answer({}), 'zh-CN');
    expect(within(section).getByRole('link', { name: 'SQL for Testers' }).getAttribute('lang')).toBe('en');
    expect(Array.from(section.querySelectorAll('.badge'), (b) => b.textContent)).toEqual(['免费', '会员', '付费']);
    expect(resultCount()).toBe('“SQL”共有 1 条结果');
  });

  it('says how many courses matched beyond those shown, and where to see them', async () => {
    const section = await searchPage('/search?q=SQL', answer({ course_count: 3, courses: courses.slice(0, 2) }), 'en');
    expect(section.textContent).toContain('These are 2 of the 3 matching courses.');
    expect(within(section).getByRole('link', { name: 'Browse all courses' }).getAttribute('href')).toBe('/course');
  });

  it('on a later page, points to the first page where the courses are listed', async () => {
    const section = await searchPage('/search?q=SQL&page=2', answer({ count: 11, courses: [] }), 'zh-CN');
    expect(section.textContent).toContain('匹配的课程列在第一页。');
    expect(within(section).getByRole('link', { name: '回到第一页' }).getAttribute('href')).toBe('/search?q=SQL');
  });

  it('does not say nothing matched when only courses did', async () => {
    await searchPage('/search?q=SQL', answer({ count: 0, results: [] }), 'en');
    expect(resultCount()).toBe('No articles matched “SQL”.');
  });
});
