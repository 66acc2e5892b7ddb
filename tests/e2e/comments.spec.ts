import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { answer, articles, demoPassword, expect, hydrated, pressLogIn, succeeded, test } from './fixtures.js';

/* Comments under a demo article: loaded only when scrolled to, readable by guests, written by the demo reader. */

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical axe findings in the comments section. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Element, opts: object) => Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    const result = await axe.run(document.querySelector('.comments')!, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
}

async function demoArticle(page: Page): Promise<number> {
  const found = (await articles(page)).find((a) => a.title === 'Small Functions, Honest Names');
  expect(found).toBeTruthy();
  return found!.id;
}

test('a guest’s first visit loads no comments; scrolling down shows them, with a way to log in, at 320 px', async ({ page }) => {
  const id = await demoArticle(page);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/article/${id}`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(asked.filter((u) => /comments-section|\/comments\/api\//.test(u))).toEqual([]);

  const listed = succeeded(answer(page, 'GET', `/api/v2/comments/api/article/${id}`));
  await page.locator('.comments-slot').scrollIntoViewIfNeeded();
  await listed;
  const section = page.getByRole('region', { name: /^Comments \(\d+\)$/ });
  await expect(section).toBeVisible();
  await expect(section.getByRole('link', { name: 'Log in to comment' })).toBeVisible();
  await expect(section.getByText('That is exactly the effect', { exact: false })).toBeVisible();
  const layout = await page.evaluate(() => ({ viewport: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth }));
  expect(layout.scroll).toBeLessThanOrEqual(layout.viewport);

  expect(await seriousViolations(page)).toEqual([]);

  // Logging in from there comes back to the comments, not to the top of the article.
  await section.getByRole('link', { name: 'Log in to comment' }).click();
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('reader');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('reader'));
  await pressLogIn(page);
  await expect(page).toHaveURL(new RegExp(`/article/${id}#comments$`));
  await expect(page.getByRole('region', { name: /^Comments/ }).getByLabel('Your comment')).toBeInViewport();
});

test('the demo reader posts a comment and sees it listed', async ({ page }) => {
  // A login, a post, a reply box, a preview and two axe runs: slow on a busy two-core machine, not wrong.
  test.setTimeout(60_000);
  const id = await demoArticle(page);
  await page.goto(`/login?next=${encodeURIComponent(`/article/${id}`)}`);
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('reader');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('reader'));
  await pressLogIn(page);
  await expect(page).toHaveURL(new RegExp(`/article/${id}$`));

  await page.locator('.comments-slot').scrollIntoViewIfNeeded();
  const section = page.getByRole('region', { name: /^Comments/ });
  const text = `Clear and practical, thank you (${Date.now().toString(36)}).`;
  await section.getByLabel('Your comment').fill(text);
  // From the keyboard: the focus goes to the posted comment, not back to the top of the page.
  await section.getByRole('button', { name: 'Post comment' }).focus();
  const posted = succeeded(answer(page, 'POST', '/api/v2/comments/api/comment'));
  await page.keyboard.press('Enter');
  await posted;
  await expect(section.getByRole('status')).toHaveText('Your comment is posted.');
  const mine = section.getByRole('article').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine).toBeFocused();
  await expect(mine).toBeInViewport();
  await expect(mine.getByRole('button', { name: 'Delete' })).toBeVisible();
  await section.getByRole('button', { name: /^Reply to / }).first().click();
  await expect(section.getByLabel(/^Your reply to /)).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // At 320 px a preview of one very long word wraps: the page does not widen.
  await page.setViewportSize({ width: 320, height: 640 });
  await section.getByLabel('Your comment').fill('Supercalifragilistic'.repeat(20));
  const previewed = succeeded(answer(page, 'POST', '/api/v2/comments/api/preview'));
  await section.getByRole('button', { name: 'Preview', exact: true }).first().click();
  await previewed;
  await expect(section.getByRole('region', { name: 'Preview' }).first()).toContainText('Supercalifragilistic');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
