import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.js';

/** Picks a language in the settings menu; the page reloads in it. */
async function switchLanguage(page: Page, lang: 'en' | 'zh-CN') {
  await page.locator('.settings-menu summary').click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: lang === 'en' ? 'English' : '简体中文' }).click()]);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('the demo editorial content follows the interface language, and back', async ({ page }) => {
  // Two reloads and four pages: more than one page's worth of time.
  test.setTimeout(90_000);
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('.hero__intro')).toContainText('Lectern is a small independent publisher.');
  await expect(page.locator('.announcement__title').first()).toHaveText('New series: Reading Deliberately');

  await switchLanguage(page, 'zh-CN');
  // Rendered in Chinese by the server, and still so once the browser has taken over.
  await expect(page.locator('.hero__tagline')).toHaveText('关于软件手艺、学习与阅读的写作');
  await expect(page.locator('.hero__intro')).toContainText('Lectern 是一家小型独立出版方。');
  await expect(page.locator('.announcement__title').first()).toHaveText('新系列：有意识地阅读');

  const category = (await (await page.request.get('/api/v2/category/slug/testing')).json()) as { id: number };
  await page.goto(`/category/${category.id}`);
  await hydrated(page);
  await expect(page.locator('.page-header__description')).toHaveText('值得维护的测试：该测什么，怎样让测试套件保持快速，怎样让失败讲清楚发生了什么。');

  await page.goto('/');
  await hydrated(page);
  await switchLanguage(page, 'en');
  await expect(page.locator('.hero__tagline')).toHaveText('Writing about software craft, learning and reading');
  await expect(page.locator('.hero__intro')).toContainText('Lectern is a small independent publisher.');
  await expect(page.locator('.announcement__title').first()).toHaveText('New series: Reading Deliberately');
  await page.goto(`/category/${category.id}`);
  await expect(page.locator('.page-header__description')).toHaveText(/^Tests that earn their keep/);
});
