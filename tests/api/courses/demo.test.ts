import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../src/server/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let memberToken: string;
let editorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty({ ...t.config, demoMode: true }, t.db, { passwords: { editor: 'editor-pass-for-tests', reader: 'reader-pass-for-tests', member: 'member-pass-for-tests' } });
  const login = await t.api('POST', '/rest-auth/login/', { body: { username: 'member', password: 'member-pass-for-tests' } });
  memberToken = (login.json() as { access: string }).access;
  const editor = await t.api('POST', '/rest-auth/login/', { body: { username: 'editor', password: 'editor-pass-for-tests' } });
  editorToken = (editor.json() as { access: string }).access;
});

interface Card {
  id: number;
  title: string;
  access: string;
  language: string;
  lesson_count: number;
  cover: string;
}

describe('the demo courses', () => {
  it('are two free (one in English, one in Chinese), one for members and one sold, with 5 to 12 lessons each', async () => {
    const list = (await t.api('GET', '/course')).json() as { count: number; results: Card[] };
    expect(list.count).toBe(4);
    expect(list.results.map((c) => `${c.access} ${c.language}`).sort()).toEqual(['free en', 'free zh-CN', 'premium zh-CN', 'purchase en']);
    for (const course of list.results) {
      expect(course.lesson_count, course.title).toBeGreaterThanOrEqual(5);
      expect(course.lesson_count, course.title).toBeLessThanOrEqual(12);
      expect(course.cover).toMatch(/^\/media\/demo\//);
    }
    const sold = list.results.find((c) => c.access === 'purchase')!;
    const card = (await t.api('GET', '/product_course')).json() as { id: number; products: { price: number }[] }[];
    expect(card.find((c) => c.id === sold.id)?.products[0].price).toBeGreaterThan(0);
  });

  it('have lessons with code and a figure from the demo media, open to the demo member where the plan allows', async () => {
    const premium = ((await t.api('GET', '/course', { query: { access: 'premium' } })).json() as { results: Card[] }).results[0];
    const outline = (await t.api('GET', `/course/${premium.id}/lesson`, { token: memberToken })).json() as { can_read: boolean; lessons: { id: number; is_free_preview: boolean }[] };
    expect(outline.can_read).toBe(true);
    expect(outline.lessons.some((l) => l.is_free_preview)).toBe(true);
    const first = (await t.api('GET', `/lesson/${outline.lessons[0].id}`, { token: memberToken })).json() as { content_html: string; title: string };
    expect(first.title).toMatch(/[\u4e00-\u9fff]/);
    expect(first.content_html).toContain('hljs');
    expect(first.content_html).toContain('src="/media/demo/');
    const locked = (await t.api('GET', `/lesson/${outline.lessons[1].id}`)).json() as { locked: boolean; content_html: string | null; summary: string };
    expect(locked).toMatchObject({ locked: true, content_html: null });
    expect(locked.summary.length).toBeGreaterThan(0);
  });
});

interface OutlineLesson {
  id: number;
  chapter: string;
}

describe('every demo course', () => {
  it('has chapters, code in most lessons and at least one figure from the demo media', async () => {
    const list = (await t.api('GET', '/course')).json() as { results: Card[] };
    for (const course of list.results) {
      const outline = (await t.api('GET', `/course/${course.id}/lesson`, { token: memberToken })).json() as { lessons: OutlineLesson[] };
      expect(new Set(outline.lessons.map((l) => l.chapter)).size, course.title).toBeGreaterThanOrEqual(2);
      const bodies: string[] = [];
      for (const lesson of outline.lessons) {
        // The demo member reads every course but the sold one in full; that one is read here as its author's staff would.
        const res = await t.api('GET', `/lesson/${lesson.id}`, { token: course.access === 'purchase' ? editorToken : memberToken });
        bodies.push((res.json() as { content_html: string }).content_html);
      }
      expect(bodies.filter((html) => html.includes('hljs')).length, `${course.title}: lessons with code`).toBeGreaterThan(bodies.length / 2);
      expect(bodies.some((html) => /<img [^>]*src="\/media\/demo\//.test(html)), `${course.title}: a figure`).toBe(true);
    }
  });
});

interface MyCourseRow {
  course: { id: number; title: string };
  progress: { enrolled: boolean; done: number; total: number; resume_lesson: { id: number } | null; last_lesson: { id: number } | null };
}

describe('the demo member', () => {
  it('is enrolled in two courses with some lessons done and a place to resume', async () => {
    const mine = (await t.api('GET', '/my_course', { token: memberToken })).json() as { count: number; results: MyCourseRow[] };
    expect(mine.count).toBe(2);
    for (const row of mine.results) {
      expect(row.progress.enrolled).toBe(true);
      expect(row.progress.done, row.course.title).toBeGreaterThan(0);
      expect(row.progress.done, row.course.title).toBeLessThan(row.progress.total);
      // The lesson read last, part-way, is where the course resumes.
      expect(row.progress.resume_lesson).not.toBeNull();
      expect(row.progress.resume_lesson?.id).toBe(row.progress.last_lesson?.id);
      const progress = (await t.api('GET', `/lesson/${row.progress.resume_lesson!.id}/progress`, { token: memberToken })).json() as { done: boolean; position: number };
      expect(progress.done).toBe(false);
      expect(progress.position).toBeGreaterThan(0);
    }
    // The course opened most recently comes first.
    expect(mine.results.map((r) => r.course.title)).toEqual(['Tests You Can Trust', '间隔重复：自己写一个复习程序']);
  });

  it('is not enrolled in the member course, so it starts from no lesson done', async () => {
    const premium = ((await t.api('GET', '/course', { query: { access: 'premium' } })).json() as { results: Card[] }).results[0];
    const progress = (await t.api('GET', `/course/${premium.id}/progress`, { token: memberToken })).json() as { enrolled: boolean; done: number };
    expect(progress).toMatchObject({ enrolled: false, done: 0 });
  });
});
