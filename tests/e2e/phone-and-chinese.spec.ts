import type { Page } from '@playwright/test';
import { createAccount, PASSWORD } from './accounts-api.js';
import { logIn, seriousViolations } from './device-helpers.js';
import { answer, articles, demoPassword, expect, hydrated, loginAs, payOnDevPage, succeeded, test } from './fixtures.js';

/* What a reader on a small phone, or reading in Chinese, met on the production build. */

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function courseId(page: Page, title: string): Promise<number> {
  const res = await page.request.get('/api/v2/course?page_size=50');
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as { results: { id: number; title: string }[] }).results.find((c) => c.title === title);
  expect(found, title).toBeTruthy();
  return found!.id;
}

test('a course page fits a 320 px screen, for a guest and for a reader who enrolled', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 320, height: 640 });
  const id = await courseId(page, 'Tests You Can Trust');
  await page.goto(`/course/${id}`);
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Log in to enrol and keep your progress' })).toBeVisible();
  expect(await sideways(page), 'the guest course page scrolls sideways').toBeLessThanOrEqual(0);

  const { username } = await createAccount(page.request, 'narrow');
  await logIn(page, username, PASSWORD);
  await page.goto(`/course/${id}`);
  await hydrated(page);
  const enrolled = succeeded(answer(page, 'POST', `/api/v2/course/${id}/enrol`));
  await page.getByRole('button', { name: 'Enrol' }).click();
  await enrolled;
  // The button names the next lesson, a label wider than the screen.
  const resume = page.getByRole('link', { name: /^Continue: / });
  await expect(resume).toBeVisible();
  expect(await sideways(page), 'the enrolled course page scrolls sideways').toBeLessThanOrEqual(0);
  const box = (await resume.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(320);

  // One lesson done: the list of the reader's courses offers to resume at the next, by its title.
  await resume.click();
  const recorded = succeeded(answer(page, 'PUT', /\/api\/v2\/lesson\/\d+\/progress$/));
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await recorded;
  await expect(page.locator('.lesson__done-mark')).toBeVisible();
  await page.goto('/my-course');
  await hydrated(page);
  await expect(page.getByRole('link', { name: /^Resume: / })).toBeVisible();
  expect(await sideways(page), 'the list of my courses scrolls sideways').toBeLessThanOrEqual(0);
});

test('a table wider than a phone can be scrolled from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const article = (await articles(page)).find((a) => a.title === 'Writing Tests You Will Still Trust Next Year');
  expect(article).toBeTruthy();
  await page.goto(`/article/${article!.id}`);
  await hydrated(page);
  const table = page.locator('.article-body table').first();
  await expect(table).toHaveAttribute('tabindex', '0');
  // The table really is wider than its box here, so it is a scrolling region.
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the account page answers a wrong current password in Chinese', async ({ page, context, baseURL, expectedFailures }) => {
  expectedFailures.push(/\/api\/v2\/rest-auth\/password\/change\/$/);
  const { username } = await createAccount(page.request, 'zhpw');
  await logIn(page, username, PASSWORD);
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
  await page.goto('/account');
  await hydrated(page);
  await page.getByLabel('当前密码').fill('not the password 1');
  await page.getByLabel('新密码', { exact: true }).fill('A new reading secret 7');
  await page.getByLabel('再次输入密码').fill('A new reading secret 7');
  const refused = answer(page, 'POST', '/api/v2/rest-auth/password/change/');
  await page.getByRole('button', { name: '修改密码' }).click();
  expect((await refused).ok()).toBe(false);
  await expect(page.getByLabel('当前密码')).toHaveAccessibleDescription('当前密码不正确，请重新输入。');
  await expect(page.getByText('Your old password was entered incorrectly', { exact: false })).toHaveCount(0);
});

test('a basket line fits a 320 px screen, its Remove button named after the product', async ({ page }) => {
  test.setTimeout(60_000);
  const { username } = await createAccount(page.request, 'basket');
  const login = await page.request.post('/api/v2/rest-auth/login/', { data: { username, password: PASSWORD } });
  const access = ((await login.json()) as { access: string }).access;
  const products = ((await (await page.request.get('/api/v2/shop/products?page_size=50')).json()) as { results: { id: number; title: string }[] }).results;
  const book = products.find((p) => p.title === 'A Field Guide to Caching')!;
  const added = await page.request.post('/api/v2/basket/add-product', {
    headers: { authorization: `Bearer ${access}`, 'idempotency-key': `narrow-basket-${Date.now()}` },
    data: { product: book.id, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.setViewportSize({ width: 320, height: 640 });
  await logIn(page, username, PASSWORD);
  await page.goto('/cart');
  await hydrated(page);
  const remove = page.getByRole('button', { name: 'Remove A Field Guide to Caching' });
  await expect(remove).toBeVisible();
  const line = (await page.locator('.cart-line').first().boundingBox())!;
  const button = (await remove.boundingBox())!;
  expect(button.x + button.width, 'the Remove button stays inside its line').toBeLessThanOrEqual(line.x + line.width);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
});

test('a reader buys a paid course from its page with the test payment, then reads its locked lessons', async ({ page }) => {
  test.setTimeout(90_000);
  const { username } = await createAccount(page.request, 'buyer');
  const id = await courseId(page, 'Type Modelling in TypeScript');
  await logIn(page, username, PASSWORD);
  await page.goto(`/course/${id}`);
  await hydrated(page);
  await expect(page.getByText('This course is sold separately.')).toBeVisible();
  await page.getByRole('link', { name: /^Buy for / }).click();
  await expect(page).toHaveURL(/\/checkout\?course_product=\d+$/);
  await expect(page.getByRole('heading', { name: 'How will you pay?' })).toBeVisible();
  await page.getByRole('radio', { name: 'Test payment (demo)' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeFocused();
  await expect(page.locator('.checkout-lines')).toContainText('Type Modelling in TypeScript');
  await page.getByRole('button', { name: /^Pay / }).click();
  await payOnDevPage(page);

  await page.goto(`/course/${id}`);
  await hydrated(page);
  await expect(page.getByText('This course is sold separately.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Buy for / })).toHaveCount(0);
  // The order enrolled the buyer: every lesson is open, none marked locked.
  await expect(page.getByRole('link', { name: /^Continue: / })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lessons' }).getByText('Locked')).toHaveCount(0);
});

test('a Chinese reader sees the editors’ shortcuts and the membership plans in Chinese', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
  await page.goto('/essentials');
  await expect(page.getByRole('heading', { name: '从这里开始' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^刚开始学编程？/ })).toBeVisible();
  await expect(page.getByText('New to programming?')).toHaveCount(0);
  await page.goto('/member');
  await expect(page.getByRole('heading', { name: '高级会员' })).toBeVisible();
  await expect(page.getByText('高级会员（按月）', { exact: true })).toBeVisible();
});

/** Links that stand alone on the page (matched by `selector`) whose box is under 44 px either way. */
const smallTargets = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) =>
    links
      .filter((a) => (a as HTMLElement).offsetParent !== null)
      .map((a) => ({ text: a.textContent?.trim(), ...a.getBoundingClientRect().toJSON() }))
      .filter((box: { width: number; height: number }) => box.width < 44 || box.height < 44),
  );

test('standalone links are 44 px targets in Chinese at 320 px, and a long one-word name wraps', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
  await page.setViewportSize({ width: 320, height: 640 });
  const checks: Array<[string, string]> = [
    ['/login', '.auth-links a, .site-footer__links a'],
    ['/essentials', '.hot-list__title'],
    ['/', '.hot-list__title, .notice-banner__link'],
    ['/topic', '.tile__title a'],
    ['/about/rss', '.feed-list a, .feed-categories a'],
  ];
  for (const [path, selector] of checks) {
    await page.goto(path);
    expect(await page.locator(selector).count(), `${path} ${selector}`).toBeGreaterThan(0);
    expect(await smallTargets(page, selector), path).toEqual([]);
  }

  const { access } = await loginAs(page, 'editor', demoPassword('editor'));
  const name = `${'a'.repeat(60)}${'b'.repeat(39)}`;
  const res = await page.request.post('/api/v2/categories', { data: { name, slug: `long-${Date.now()}` }, headers: { authorization: `Bearer ${access}` } });
  expect(res.status()).toBe(201);
  const category = (await res.json()) as { id: number };
  try {
    for (const path of [`/category/${category.id}`, '/about/rss']) {
      await page.goto(path);
      expect(await sideways(page), path).toBe(0);
    }
  } finally {
    // Other tests of this worker's site (its screenshots) list the categories.
    expect((await page.request.delete(`/api/v2/categories/${category.id}`, { headers: { authorization: `Bearer ${access}` } })).status()).toBe(204);
  }
});
