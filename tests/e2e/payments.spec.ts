import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoPassword, expect, test } from './fixtures.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function tokenOf(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v2/rest-auth/login/', { data: { username: 'reader', password: demoPassword('reader') } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access: string }).access;
}

/** A demo download ordered by the reader with the test payment page, and the page's address. */
async function devPayment(request: APIRequestContext): Promise<{ number: string; id: number; url: string; token: string }> {
  const token = await tokenOf(request);
  const headers = { authorization: `Bearer ${token}` };
  const methods = (await (await request.get('/api/v2/pay/methods')).json()) as { methods: { code: string }[] };
  expect(methods.methods.map((m) => m.code)).toContain('dev');
  const list = (await (await request.get('/api/v2/shop/products?page_size=50')).json()) as { results: { id: number; title: string }[] };
  const product = list.results.find((p) => p.title === 'Reading Habits Workbook (PDF)')!;
  const placed = await request.post('/api/v2/quick_checkout', { headers: { ...headers, 'idempotency-key': randomUUID() }, data: { product: product.id, payment_method: 'dev' } });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: number; number: string };
  const start = await request.get(`/api/v2/pay/order/${order.id}/payment/1/update?channel=mobile`, { headers });
  expect(start.ok()).toBe(true);
  return { ...order, url: ((await start.json()) as { url: string }).url, token };
}

async function axeAndWidth(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => ({ id: v.id, impact: v.impact }));
  });
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  const layout = await page.evaluate(() => ({ viewport: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth }));
  expect(layout.scroll).toBeLessThanOrEqual(layout.viewport);
}

test.use({ viewport: { width: 320, height: 640 } });

test('the test payment page pays an order through the mark-paid service, at 320 px and without axe findings', async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/pay_success/);
  const { id, number, url, token } = await devPayment(page.request);
  await page.goto(new URL(url).pathname + new URL(url).search);
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();
  await expect(page.getByText('¥19.00').first()).toBeVisible();
  await axeAndWidth(page);
  await page.getByRole('button', { name: 'Pay ¥19.00' }).click();
  await page.waitForURL(`**/pay_success?number=${number}`);
  const status = await page.request.get(`/api/v2/pay/order/${id}/status`, { headers: { authorization: `Bearer ${token}` } });
  expect(await status.json()).toMatchObject({ status: 'paid', paid: true });
});

test('Fail leaves the order waiting, in Chinese for a Chinese reader', async ({ page }) => {
  const { id, url, token } = await devPayment(page.request);
  await page.context().addCookies([{ name: 'lang', value: 'zh-CN', url: new URL(url).origin }]);
  await page.goto(new URL(url).pathname + new URL(url).search);
  await expect(page.getByRole('heading', { name: '测试支付' })).toBeVisible();
  await page.getByRole('button', { name: '模拟支付失败' }).click();
  await expect(page.getByRole('alert')).toContainText('支付失败');
  await axeAndWidth(page);
  const status = await page.request.get(`/api/v2/pay/order/${id}/status`, { headers: { authorization: `Bearer ${token}` } });
  expect(await status.json()).toMatchObject({ status: 'pending', paid: false });
});
