import type { Page } from '@playwright/test';
import { createAccount, PASSWORD } from './accounts-api.js';
import { logIn } from './device-helpers.js';
import { demoPassword, expect, hydrated, test } from './fixtures.js';

/*
 * A learner finds their courses (docs/decisions/0102): "My courses" is one tap from the header's account menu on
 * every page, from the account page, and from the course pages once they are enrolled; the plural addresses
 * people type lead to the site's pages with a permanent redirect, which works without JavaScript.
 */

const PHONE = { width: 390, height: 844 };

/** The header's "My courses" link (a sign on a phone, named by its hidden words). */
const headerLink = (page: Page, name = 'My courses') => page.getByRole('banner').getByRole('link', { name, exact: true });
/** The course pages' own "My courses" link, in the page's main region. */
const pageLink = (page: Page) => page.getByRole('main').getByRole('link', { name: 'My courses', exact: true });

test('the plural addresses redirect to their pages, permanently and without JavaScript', async ({ page, browser, baseURL }) => {
  for (const [from, to] of [
    ['/courses', '/course'],
    ['/my-courses', '/my-course'],
    ['/articles', '/'],
    ['/courses/?level=beginner', '/course?level=beginner'],
  ] as const) {
    const res = await page.request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    const location = new URL(res.headers().location!, baseURL);
    expect(`${location.pathname}${location.search}`, from).toBe(to);
  }
  // A browser with no script follows them to the pages.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const plain = await context.newPage();
    await plain.goto('/courses');
    await expect(plain).toHaveURL(/\/course$/);
    await expect(plain.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('an enrolled learner reaches My courses in one tap from the header and from the course pages, on a phone too', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, 'member', demoPassword('member'));
  await page.goto('/');
  await hydrated(page);
  await headerLink(page).click();
  await expect(page).toHaveURL(/\/my-course$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
  await expect(headerLink(page)).toHaveAttribute('aria-current', 'page');

  // The first enrolled course: its page, then its resumed lesson, each lead back in one tap.
  const course = page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link');
  const title = (await course.textContent())!.trim();
  await course.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(pageLink(page)).toBeVisible();
  await page.goto('/my-course');
  await hydrated(page);
  await page.getByRole('link', { name: /^(Resume|Start the course)/ }).first().click();
  await expect(page).toHaveURL(/\/course\/\d+\/lesson\/\d+$/);
  await expect(pageLink(page)).toBeVisible();
  await pageLink(page).click();
  await expect(page).toHaveURL(/\/my-course$/);

  // The catalogue offers it too, to a learner with courses.
  await page.goto('/course');
  await hydrated(page);
  await expect(pageLink(page)).toBeVisible();

  // On a phone the header's link is a 44 px sign with the same name, beside the site's whole name.
  await page.setViewportSize(PHONE);
  const box = (await headerLink(page).boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  const name = await page.locator('.site-header__name').evaluate((el) => ({ shown: el.clientWidth, needed: el.scrollWidth }));
  expect(name.shown).toBeGreaterThanOrEqual(name.needed);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // Search stays one tap away, in the menu below the bar.
  await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Search' })).toBeAttached();

  // Keyboard: the link is reached with Tab and followed with Enter.
  await page.goto('/');
  await hydrated(page);
  await headerLink(page).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-course$/);
});

test('the account page leads to My courses in one tap, in Chinese too', async ({ page }) => {
  await logIn(page, 'member', demoPassword('member'));
  await page.goto('/account');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'My courses', exact: true }).click();
  await expect(page).toHaveURL(/\/my-course$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();

  await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: new URL(page.url()).origin }]);
  await page.goto('/account');
  await hydrated(page);
  await page.getByRole('navigation', { name: '账号栏目' }).getByRole('link', { name: '我的课程', exact: true }).click();
  await expect(page).toHaveURL(/\/my-course$/);
  await expect(page.getByRole('heading', { level: 1, name: '我的课程' })).toBeVisible();
});

test('a reader with no course sees no course-page link but keeps the header one, in Chinese too', async ({ page }) => {
  const { username } = await createAccount(page.request, 'nocourse');
  await logIn(page, username, PASSWORD);
  await page.goto('/course');
  await hydrated(page);
  await expect(page.locator('.course-grid')).toBeVisible();
  await expect(pageLink(page)).toHaveCount(0);
  await expect(headerLink(page)).toBeVisible();
  await page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(pageLink(page)).toHaveCount(0);

  await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: new URL(page.url()).origin }]);
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await headerLink(page, '我的课程').click();
  await expect(page.getByRole('heading', { level: 1, name: '我的课程' })).toBeVisible();
});
