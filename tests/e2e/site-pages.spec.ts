import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures.js';

/** Picks a language in the settings menu; the page reloads in it. */
async function switchLanguage(page: Page, lang: 'en' | 'zh-CN') {
  await page.locator('.settings-menu summary').click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: lang === 'en' ? 'English' : '简体中文' }).click()]);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('the footer links the site\'s own pages, which open in both languages', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await hydrated(page);
  const footer = page.locator('.site-footer__links');
  await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/page/terms');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/page/privacy');

  // Opened in the app (no reload): the page's own module and data load, and the footer stays.
  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/page\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  await expect(page.locator('.site-page__body h2').first()).toHaveText('What we keep');
  await expect(page).toHaveTitle(/^Privacy/);
  await expect(footer.getByRole('link', { name: 'Terms of use' })).toBeVisible();

  await switchLanguage(page, 'zh-CN');
  // Rendered in Chinese by the server, and still so once the browser has taken over.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
  await expect(page.locator('.site-page__body h2').first()).toHaveText('我们保存什么');
  await expect(page.locator('.site-page__updated')).toContainText('最后更新');
  await footer.getByRole('link', { name: '使用条款' }).click();
  await expect(page).toHaveURL(/\/page\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('使用条款');

  await switchLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  await expect(page.locator('.site-page__updated')).toContainText('Last updated');
});

test('an unknown or draft page is the not-found page', async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/page\/no-such-page$/, /\/api\/v2\/page\/s\/no-such-page/);
  const res = await page.goto('/page/no-such-page');
  expect(res?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByText('Page Not Found: /page/no-such-page')).toBeVisible();
});
