import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../src/server/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let memberToken: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty({ ...t.config, demoMode: true }, t.db, { passwords: { editor: 'editor-pass-for-tests', reader: 'reader-pass-for-tests', member: 'member-pass-for-tests' } });
  const login = await t.api('POST', '/rest-auth/login/', { body: { username: 'member', password: 'member-pass-for-tests' } });
  memberToken = (login.json() as { access: string }).access;
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
  it('are one free, one for members and one sold, in English and Chinese, with 4 to 8 lessons each', async () => {
    const list = (await t.api('GET', '/course')).json() as { count: number; results: Card[] };
    expect(list.count).toBe(3);
    expect(list.results.map((c) => c.access).sort()).toEqual(['free', 'premium', 'purchase']);
    expect(new Set(list.results.map((c) => c.language))).toEqual(new Set(['en', 'zh-CN']));
    for (const course of list.results) {
      expect(course.lesson_count).toBeGreaterThanOrEqual(4);
      expect(course.lesson_count).toBeLessThanOrEqual(8);
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
