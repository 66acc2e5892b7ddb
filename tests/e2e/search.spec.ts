import { expect, hydrated, test } from './fixtures.js';

interface CourseHit {
  id: number;
  title: string;
  language: string;
}

test('a reader finds a course by its title through site search and opens it', async ({ page }) => {
  const res = await page.request.get('/api/v2/search?q=SQL&lang=en');
  expect(res.ok()).toBe(true);
  const { courses, course_count } = (await res.json()) as { courses: CourseHit[]; course_count: number };
  const course = courses.find((c) => /SQL/.test(c.title))!;
  expect(course, 'demo content has a course with SQL in its title').toBeTruthy();

  await page.goto('/search?q=SQL');
  await hydrated(page);
  const section = page.getByRole('region', { name: `Courses (${course_count})` });
  await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
  const link = section.getByRole('link', { name: course.title });
  await expect(link).toHaveAttribute('lang', course.language);
  // A target a finger can hit, and nothing wider than a 320 px screen.
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
});
