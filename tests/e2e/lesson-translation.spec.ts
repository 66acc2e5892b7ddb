import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { demoPassword, expect, hydrated, test } from './fixtures.js';

/** An editor's piece through the editorial API: created, then published when asked. */
async function write(request: APIRequestContext, access: string, kind: 'course' | 'lesson', fields: Record<string, unknown>, publish = false): Promise<number> {
  const headers = { authorization: `Bearer ${access}` };
  const created = await request.post(`/api/v2/editorial/${kind}`, { headers, data: { fields } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  if (publish) expect((await request.post(`/api/v2/editorial/${kind}/${id}/action/publish`, { headers })).status()).toBe(200);
  return id;
}

const course = (title: string, language: string) => ({ title, slug: '', summary: '', cover: '', body_markdown: 'About.', level: 'beginner', category_id: null, tag_ids: [], access: 'free', language });
const lesson = (courseId: number, title: string, translationId: number | null = null) => ({
  course_id: courseId,
  title,
  slug: '',
  chapter: '',
  summary: '',
  body_markdown: 'Lesson text.',
  duration: 0,
  is_free_preview: false,
  translation_id: translationId,
});

test('a reader on a phone follows a lesson to its Chinese version and back', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const login = await request.post('/api/v2/rest-auth/login/', { data: { username: 'editor', password: demoPassword('editor') } });
  const { access } = (await login.json()) as { access: string };
  const tag = randomUUID().slice(0, 6);
  // No title here may match the visual test's search ("reading"): with one server for every test it shows there.
  const en = await write(request, access, 'course', course(`Slow books ${tag}`, 'en'), true);
  const zh = await write(request, access, 'course', course(`慢读 ${tag}`, 'zh-CN'), true);
  const enLesson = await write(request, access, 'lesson', lesson(en, `Where to begin ${tag}`));
  const zhLesson = await write(request, access, 'lesson', lesson(zh, `从哪里开始 ${tag}`, enLesson));

  // The server's page already links it, named in the language it leads to.
  const html = await (await page.request.get(`/course/${en}/lesson/${enLesson}`)).text();
  expect(html).toContain(`href="/course/${zh}/lesson/${zhLesson}"`);

  await page.goto(`/course/${en}/lesson/${enLesson}`);
  await hydrated(page);
  const toChinese = page.getByRole('link', { name: '阅读本课中文版' });
  await expect(toChinese).toHaveAttribute('hreflang', 'zh-CN');
  await expect(toChinese).toHaveAttribute('lang', 'zh-CN');
  await toChinese.click();
  await expect(page).toHaveURL(new RegExp(`/course/${zh}/lesson/${zhLesson}$`));
  await expect(page.getByRole('heading', { level: 1, name: `从哪里开始 ${tag}` })).toBeVisible();
  await page.getByRole('link', { name: 'Read this lesson in English' }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${en}/lesson/${enLesson}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Where to begin ${tag}` })).toBeVisible();
});
