import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { articles, demoPassword, expect, hydrated, payOnDevPage, pressLogIn, test } from './fixtures.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const PAYWALL = 'The rest of this article is for members';

/** Axe finds nothing serious and nothing is wider than a 320 px screen. */
async function checkPage(page: Page, label: string) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), `axe on ${label}`).toEqual([]);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  const layout = await page.evaluate(() => ({ viewport: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth }));
  expect(layout.scroll, `${label} scrolls sideways at 320 px`).toBeLessThanOrEqual(layout.viewport);
  await page.setViewportSize(size);
}

async function logIn(page: Page, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('reader');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('reader'));
  await pressLogIn(page);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[?]/g, '\\?')}$`));
}

async function productId(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get('/api/v2/shop/products?page_size=50');
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as { results: Array<{ id: number; title: string }> }).results.find((p) => p.title === title);
  expect(found, title).toBeTruthy();
  return found!.id;
}

test('the demo reader buys a membership from a plan card with the test provider, then reads a premium article in full', async ({ page }) => {
  test.setTimeout(120_000);
  const premium = (await articles(page)).filter((a) => a.access === 'premium' && !a.free_read);
  expect(premium.length).toBeGreaterThan(0);
  await logIn(page, '/member');
  const card = page.locator('.plan-card--premium').first();
  await card.getByRole('link', { name: /^Buy / }).first().click();
  await expect(page).toHaveURL(/\/checkout\?membership_product=\d+$/);
  await expect(page.getByRole('heading', { name: 'How will you pay?' })).toBeVisible();
  await checkPage(page, '/checkout (payment)');
  await page.getByRole('radio', { name: 'Test payment (demo)' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeFocused();
  await page.getByRole('button', { name: /^Pay / }).click();
  await payOnDevPage(page);
  await expect(page.getByRole('link', { name: 'See your membership' })).toBeVisible();
  await checkPage(page, '/pay_success');

  await page.goto(`/article/${premium[0].id}`);
  await hydrated(page);
  await expect(page.locator('.article-body')).toBeVisible();
  await expect(page.getByRole('region', { name: PAYWALL })).toHaveCount(0);

  await page.goto('/my-order');
  await hydrated(page);
  await expect(page.locator('.order-card').first().getByText('Paid', { exact: true })).toBeVisible();
  await checkPage(page, '/my-order');
});

test('a checkout of goods survives a reload in the middle and resumes at its step', async ({ page, request }) => {
  test.setTimeout(120_000);
  await logIn(page, '/cart');
  const tote = await productId(request, 'Lectern Tote Bag');
  // A second session of the reader's, from a request context of its own: the page's session cookie stays the page's.
  const login = await request.post('/api/v2/rest-auth/login/', { data: { username: 'reader', password: demoPassword('reader') } });
  const access = ((await login.json()) as { access: string }).access;
  const added = await request.post('/api/v2/basket/add-product', {
    headers: { authorization: `Bearer ${access}`, 'idempotency-key': `checkout-e2e-${Date.now()}` },
    data: { product: tote, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.getByText('Lectern Tote Bag', { exact: false }).first()).toBeVisible();
  await checkPage(page, '/checkout (basket)');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Where should we send it?' })).toBeVisible();
  // The server-side rules are checked in the browser first: the missing fields are named beside them.
  await page.getByRole('radio', { name: 'A new address' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('This field is required.');
  await page.getByLabel('Last name').fill('Li');
  await page.getByLabel('First name').fill('Lei');
  await page.getByLabel('Address', { exact: true }).fill('1 Reading Road');
  await page.getByLabel('City').fill('Hangzhou');
  await page.getByLabel('Country').selectOption({ index: 1 });
  // So are the server's limits: a phone number with letters is named beside its field, which takes the focus.
  await page.getByLabel('Phone number').fill('138 abc');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription('Use digits, spaces, "+", "-" and parentheses.');
  await expect(page.getByLabel('Phone number')).toBeFocused();
  await page.getByLabel('Phone number').fill('+86 138 0000 0000');
  await checkPage(page, '/checkout (address)');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping method' })).toBeVisible();

  // A reload in the middle: the checkout comes back at the shipping step, with the address kept.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Shipping method' })).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'Test payment (demo)' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('1 Reading Road', { exact: false })).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await checkPage(page, '/checkout (review)');
  await page.getByRole('button', { name: /^Pay / }).click();
  await payOnDevPage(page);
  await expect(page.getByText(/Lectern Tote Bag × 1: we will send it to you\./)).toBeVisible();
});
