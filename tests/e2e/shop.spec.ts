import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { articles, demoPassword, expect, hydrated, pressLogIn, test } from './fixtures.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Product {
  id: number;
  title: string;
  price: { incl_tax: number } | null;
}

async function products(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/v2/shop/products?page_size=50');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { results: Product[] }).results;
}

const productNamed = async (request: APIRequestContext, title: string) => (await products(request)).find((p) => p.title === title)!;

async function tokenOf(request: APIRequestContext, username: 'editor' | 'reader' | 'member'): Promise<string> {
  const res = await request.post('/api/v2/rest-auth/login/', { data: { username, password: demoPassword(username) } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access: string }).access;
}

/** Axe finds nothing serious, nothing is wider than a 320 px screen, and the page's controls are 44 px targets. */
async function checkPage(page: Page, path: string) {
  await hydrated(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), `axe on ${path}`).toEqual([]);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  const layout = await page.evaluate(() => ({
    viewport: document.documentElement.clientWidth,
    scroll: document.documentElement.scrollWidth,
    small: Array.from(document.querySelectorAll('main .button, main .stepper button, main select, main input:not([type=checkbox])'))
      .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`),
  }));
  expect(layout.scroll, `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(layout.viewport);
  expect(layout.small, `small targets on ${path}`).toEqual([]);
  await page.setViewportSize(size);
}

async function logIn(page: Page, username: 'reader' | 'member', next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoPassword(username));
  await pressLogIn(page);
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

async function addToBasket(page: Page, id: number, added: RegExp) {
  await page.goto(`/product/${id}`);
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Add to basket' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText(added)).toBeVisible();
}

test('an article’s first visit loads no shop code', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  const article = (await articles(page))[0];
  await page.goto(`/article/${article.id}`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(loaded.filter((p) => p.startsWith('/assets/') && /shop|basket|cart|product-page/.test(p))).toEqual([]);
  // The menu has the shop, rendered by the server.
  await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');

  // The shop's pages are every guest's: rendered by the server once, then served from the page cache.
  const book = await productNamed(page.request, 'SQL Indexes Explained');
  for (const path of ['/shop?q=indexes', `/product/${book.id}`]) {
    const first = await page.request.get(path);
    expect(first.status()).toBe(200);
    expect(await first.text()).toContain('SQL Indexes Explained');
    const again = await page.request.get(path);
    expect(again.headers()['x-ssr-cache'], path).toBe('hit');
  }
});

test('a reader fills a basket, changes it offline, and sees it replayed with a price changed meanwhile', async ({ page, context, request, expectedFailures }) => {
  test.setTimeout(120_000);
  // Calls made while offline fail in the browser, as they should.
  expectedFailures.push(/\/api\/v2\//);
  const book = await productNamed(request, 'SQL Indexes Explained');
  const scarce = await productNamed(request, 'Offline-First Web Apps');

  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expect(page.locator('.product-card').first()).toBeVisible();
  await checkPage(page, '/shop');
  await page.getByLabel('Search the shop').fill('caching');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/shop\?q=caching$/);
  await expect(page.locator('.product-card')).toHaveCount(1);
  await page.getByRole('link', { name: 'Programming' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programming' })).toBeVisible();
  await page.getByRole('link', { name: book.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
  await expect(page.getByLabel(/Gift message/)).toBeVisible();
  await checkPage(page, `/product/${book.id}`);

  await logIn(page, 'reader', `/product/${book.id}`);
  await addToBasket(page, book.id, /^Added to your basket\./);
  await addToBasket(page, scarce.id, /^Added to your basket\./);
  await expect(page.getByRole('link', { name: 'Basket, 2 items' })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('link', { name: book.title })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('¥147.00').first()).toBeVisible();
  await checkPage(page, '/cart');

  // Offline: the changes stay on the device, marked as waiting.
  await context.setOffline(true);
  await page.getByRole('button', { name: `One more ${book.title}` }).click();
  await page.getByRole('button', { name: `Remove ${scarce.title}` }).click();
  await expect(page.getByText('Waiting to be sent', { exact: true })).toBeVisible();
  await expect(page.getByText('Removal waiting to be sent')).toBeVisible();
  await expect(page.getByText(/Totals as of the last answer/)).toBeVisible();

  // Meanwhile staff raise the book's price.
  const staff = await tokenOf(request, 'editor');
  const records = await request.get(`/api/v2/products/${book.id}/stockrecords`, { headers: { authorization: `Bearer ${staff}` } });
  const [record] = (await records.json()) as { id: number }[];
  const patched = await request.patch(`/api/v2/products/${book.id}/stockrecords/${record.id}`, { headers: { authorization: `Bearer ${staff}` }, data: { price: 6500 } });
  expect(patched.ok()).toBe(true);
  const reader = await tokenOf(request, 'reader');
  // Read through the lines call, which never applies corrections (the basket call would, and report them to us).
  const linesNow = async () => {
    const auth = { authorization: `Bearer ${reader}` };
    const [open] = ((await (await request.get('/api/v2/baskets?status=open', { headers: auth })).json()) as { results: { id: number }[] }).results;
    return (await (await request.get(`/api/v2/baskets/${open.id}/lines`, { headers: auth })).json()) as { product: number; quantity: number }[];
  };
  expect((await linesNow()).map((l) => [l.product, l.quantity])).toEqual([
    [book.id, 1],
    [scarce.id, 1],
  ]);

  // Back online: the outbox replays in order and the price change is shown.
  await context.setOffline(false);
  await expect(page.getByText('Waiting to be sent', { exact: true })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Removal waiting to be sent')).toHaveCount(0);
  await expect(page.getByRole('alert').getByText(`The price of “${book.title}” is now ¥65.00 (was ¥59.00).`)).toBeVisible();
  await expect(totals.getByText('¥130.00').first()).toBeVisible();
  expect((await linesNow()).map((l) => [l.product, l.quantity])).toEqual([[book.id, 2]]);
  await checkPage(page, '/cart');
});

test('a guest’s basket joins the account’s basket at login, and the shopper is told', async ({ page }) => {
  test.setTimeout(90_000);
  const tote = await productNamed(page.request, 'Lectern Tote Bag');
  await addToBasket(page, tote.id, /Log in to check out/);
  await expect(page.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();

  await logIn(page, 'member', '/cart');
  await expect(page.getByText('The basket you filled before logging in was added to your account’s basket (1 product).')).toBeVisible();
  await expect(page.getByRole('link', { name: tote.title })).toBeVisible();
  await expect(page.getByText('Waiting to be sent', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Basket, 1 item' })).toBeVisible();
});
