import { articles, expect, hydrated, test } from './fixtures.js';

test('a reader goes from home to an article, its category, a tag, search and a missing page', async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/no\/such\/page$/);
  const list = await articles(page);
  const free = list.find((a) => a.access === 'free' && a.category && a.tags.length > 0)!;
  expect(free, 'demo content has a free article with category and tags').toBeTruthy();

  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(`/article/${free.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: free.title })).toBeVisible();

  await page.getByRole('link', { name: free.category!.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/category/`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(free.category!.name);

  await page.goto(`/article/${free.id}`);
  await hydrated(page);
  const tag = free.tags[0];
  await page.getByRole('link', { name: new RegExp(`^#?${tag.name}$`) }).first().click();
  await expect(page).toHaveURL(/\/tag\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(tag.name);

  const word = free.title.split(/\s+/).find((w) => w.length > 4) ?? free.title;
  await page.goto('/search');
  await hydrated(page);
  const box = page.getByRole('searchbox');
  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.locator('mark').first()).toBeVisible();

  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /no/such/page')).toBeVisible();
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
