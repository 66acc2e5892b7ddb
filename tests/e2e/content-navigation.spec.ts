import type { Page } from '@playwright/test';
import { answer, articles, expect, hydrated, succeeded, test, type Card } from './fixtures.js';

/*
 * The reader's way through the site, one step a test: each page load and hydration costs seconds on a busy
 * machine, and five of them in one test left no room under its timeout. Every in-app move waits for the API
 * answers the next page is made of before looking at that page.
 */
test.describe('a reader goes from home to an article, its category, a tag, search and a missing page', () => {
  /** A free article with a category and tags (the demo content has one). */
  async function freeArticle(page: Page): Promise<Card> {
    const free = (await articles(page)).find((a) => a.access === 'free' && a.category && a.tags.length > 0)!;
    expect(free, 'demo content has a free article with category and tags').toBeTruthy();
    return free;
  }

  async function openArticle(page: Page, free: Card) {
    await page.goto(`/article/${free.id}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: free.title })).toBeVisible();
  }

  test('the home page', async ({ page }) => {
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('from an article to its category', async ({ page }) => {
    const free = await freeArticle(page);
    await openArticle(page, free);
    // The category page's loader fetches the category and its articles before the router moves.
    const category = succeeded(answer(page, 'GET', `/api/v2/category/${free.category!.id}`));
    const list = succeeded(answer(page, 'GET', /\/api\/v2\/article\/summary\?.*\bcategory=/));
    await page.getByRole('link', { name: free.category!.name, exact: true }).first().click();
    await Promise.all([category, list]);
    await expect(page).toHaveURL(new RegExp(`/category/`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(free.category!.name);
  });

  test('from an article to a tag', async ({ page }) => {
    const free = await freeArticle(page);
    await openArticle(page, free);
    const tag = free.tags[0];
    const owner = succeeded(answer(page, 'GET', `/api/v2/tag/${tag.id}`));
    const list = succeeded(answer(page, 'GET', /\/api\/v2\/article\/summary\?.*\btag=/));
    await page.getByRole('link', { name: new RegExp(`^#?${tag.name}$`) }).first().click();
    await Promise.all([owner, list]);
    await expect(page).toHaveURL(/\/tag\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(tag.name);
  });

  test('search', async ({ page }) => {
    const free = await freeArticle(page);
    const word = free.title.split(/\s+/).find((w) => w.length > 4) ?? free.title;
    await page.goto('/search');
    await hydrated(page);
    const box = page.getByRole('searchbox');
    await box.fill(word);
    const results = succeeded(answer(page, 'GET', /\/api\/v2\/search\?/));
    await box.press('Enter');
    await results;
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.locator('mark').first()).toBeVisible();
  });

  test('a missing page', async ({ page, expectedFailures }) => {
    expectedFailures.push(/\/no\/such\/page$/);
    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /no/such/page')).toBeVisible();
  });
});

test('invalid and unknown article ids answer 404', async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/article\/(abc|99999999)$/);
  expect((await page.goto('/article/abc'))?.status()).toBe(404);
  expect((await page.goto('/article/99999999'))?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /article/99999999')).toBeVisible();
});

test('premium text is never in the server-rendered page', async ({ page }) => {
  const premium = (await articles(page)).find((a) => a.access === 'premium' && !a.free_read)!;
  const res = await page.request.get(`/article/${premium.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('"locked":true');
  expect(html).not.toMatch(/"content_html":"[^"]/);
});
