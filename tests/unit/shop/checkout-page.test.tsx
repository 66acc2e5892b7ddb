// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Basket } from '../../../src/shared/api/shop.js';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { createRoutes } from '../../../src/web/app/routes.js';
import { readAccessToken } from '../../../src/web/lib/auth-state.js';
import { getDb } from '../../../src/web/lib/db.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from '../web/fixtures.js';
import { answerCallsWith } from '../web/test-app.js';

const STAMP = '2026-11-01T08:00:00.000Z';
const BASKET: Basket = {
  id: 5,
  owner: 7,
  status: 'open',
  lines: [
    {
      id: 50,
      basket: 5,
      product: 1,
      product_title: 'Lectern Tote Bag',
      product_class: 'physical',
      stockrecord: null,
      quantity: 2,
      attributes: [],
      price_currency: 'CNY',
      unit_price: 4500,
      price_excl_tax: 9000,
      price_incl_tax: 9000,
      price_excl_tax_excl_discounts: 9000,
      price_incl_tax_excl_discounts: 9000,
      discount: 0,
      is_tax_known: true,
      warning: null,
      date_created: STAMP,
      date_updated: STAMP,
    },
  ],
  currency: 'CNY',
  total_excl_tax: 9000,
  total_excl_tax_excl_discounts: 9000,
  total_incl_tax: 9000,
  total_incl_tax_excl_discounts: 9000,
  total_tax: 0,
  is_tax_known: true,
  voucher_discounts: [],
  shipping_required: true,
  shipping_country: null,
  shipping_method: null,
  shipping_charge: 0,
  order_total: 9000,
  corrections: [],
  date_created: STAMP,
  date_updated: STAMP,
};
const ORDER = { id: 41, number: 'L-000041', total_incl_tax: 29900, currency: 'CNY' };

interface Call {
  line: string;
  key: string | null;
  body: unknown;
}
let calls: Call[] = [];
let quickAnswers: Response[] = [];
let checkoutAnswers: Array<Response | (() => Response)> = [];
let statusAnswers: string[] = [];
let basketNow: Basket = BASKET;
/** What the order view says besides (a closed order's status, its payments to return). */
let orderExtra: object = {};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v2', '');
  const body = request.method === 'POST' ? ((await request.json()) as unknown) : undefined;
  calls.push({ line: `${request.method} ${path}${url.search}`, key: request.headers.get('idempotency-key'), body });
  if (path === '/rest-auth/token/verify/') return json({});
  if (path === '/rest-auth/user/') return json(loginResponseFor({ id: 7, username: 'noor' }).user);
  if (path.startsWith('/usermembership/user/')) return json({ error: 'not_found', message: 'Not found' }, 404);
  if (path === '/basket') {
    // Corrections come once, with the read that made them (as the server's do).
    const answer = basketNow;
    basketNow = { ...basketNow, corrections: [] };
    return json(answer);
  }
  if (path === '/product_membership') {
    return json([
      { id: 1, slug: 'premium', name: 'Premium', description: '', perks: [], sort_order: 0, is_premium: true, products: [{ id: 31, membership_id: 1, membership_slug: 'premium', name: 'A year', price: 29900, currency: 'CNY', period_unit: 'month', period_count: 12, is_active: true, sort_order: 0 }] },
    ]);
  }
  if (path === '/pay/methods') return json({ methods: [{ code: 'wechatpay', pc: 'qr', mobile: 'h5' }, { code: 'dev', pc: 'redirect', mobile: 'redirect' }] });
  if (path === '/useraddresses') return json([]);
  if (path === '/countries') return json([{ iso_3166_1_a2: 'CN', iso_3166_1_a3: 'CHN', iso_3166_1_numeric: '156', name: 'China', printable_name: 'China', display_order: 0, is_shipping_country: true }]);
  if (path === '/basket/shipping-methods') return json([{ code: 'standard', name: 'Standard', description: '', price: 1200, is_discounted: false, discount: 0 }]);
  if (path === '/quick_checkout') return quickAnswers.shift()!;
  if (path === '/checkout') {
    const next = checkoutAnswers.shift()!;
    return typeof next === 'function' ? next() : next;
  }
  if (path === '/pay/order/41/payment/1/update') {
    return json({ order_id: 41, number: ORDER.number, payment_method: 'wechatpay', attempt: 1, channel: 'pc', kind: 'qr', url: null, code_url: 'weixin://wxpay/bizpayurl?pr=abc', expires_at: '2026-11-01T08:30:00.000Z' });
  }
  if (path === '/orders/41') {
    const line = (id: number, title: string, fields: object) => ({ id, order: 41, product: id, product_class: 'course', membership_product: null, course: null, course_product: null, stockrecord: null, partner_sku: null, title, quantity: 1, price_currency: 'CNY', unit_price_incl_tax: 100, unit_price_excl_tax: 100, line_price_before_discounts_incl_tax: 100, line_price_incl_tax: 100, line_price_excl_tax: 100, discount: 0, attributes: [], ...fields });
    return json({ ...ORDER, status: 'paid', payments_to_return: 0, ...orderExtra, lines: [line(1, 'Premium · A year', { product_class: 'membership', membership_product: 31 }), line(2, 'Rust in Practice', { course: 9, course_product: 3 }), line(3, 'Lectern Tote Bag', { product_class: 'physical', quantity: 2 })] });
  }
  if (path === '/pay/order/41/status' || path === '/pay/order/number/L-000041/status') {
    const status = statusAnswers.shift() ?? 'pending';
    return json({ id: 41, number: ORDER.number, status, paid: status === 'paid', total: 29900, currency: 'CNY', payment_method: 'wechatpay', expires_at: '2026-11-01T08:30:00.000Z' });
  }
  return json({ error: 'not_found', message: 'Not found' }, 404);
}

function renderAt(path: string, lang: 'en' | 'zh-CN' = 'en') {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: api, getAccessToken: () => readAccessToken() });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ queryClient, http }), { initialEntries: [path] });
  const env = { http, lang, colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  render(
    <AppProviders env={env} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const slow = { timeout: 8000 };
vi.setConfig({ testTimeout: 30_000 });
const orderAnswer = () => json({ ...ORDER, lines: [] }, 201);

answerCallsWith(api);
beforeEach(async () => {
  calls = [];
  quickAnswers = [];
  checkoutAnswers = [];
  statusAnswers = [];
  basketNow = BASKET;
  orderExtra = {};
  sessionStorage.clear();
  await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
});
afterEach(async () => {
  cleanup();
  await clearLogin();
  window.localStorage.clear();
  const db = getDb()!;
  await Promise.all([db.basketOps.clear(), db.basketSnapshots.clear(), db.basketNotices.clear()]);
});

describe('/checkout', () => {
  it('buys a plan card’s membership: only the offered methods, one key kept across a retry, a QR code, then paid', async () => {
    quickAnswers = [json({ error: 'conflict', message: 'The order total is now 31900, not 29900; check the basket and try again.' }, 409), orderAnswer()];
    // Not paid at the first look: the code stays up until the next one.
    statusAnswers = ['pending', 'paid'];
    renderAt('/checkout?membership_product=31');
    expect(await screen.findByRole('heading', { name: 'How will you pay?' }, slow)).toBeTruthy();
    // The choices are named by the step's heading (the question is shown once), and Back leads to the plans.
    expect(await screen.findByRole('group', { name: 'How will you pay?' }, slow)).toBeTruthy();
    expect(screen.getAllByText('How will you pay?')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/member');
    fireEvent.click(await screen.findByRole('radio', { name: 'WeChat Pay' }, slow));
    expect(screen.queryByRole('radio', { name: 'Alipay' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Review your order' }, slow)).toBeTruthy();
    expect(screen.getByText('Premium · A year')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay ¥299.00' }));
    expect(await screen.findByText(/The order total is now 31900/, undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Scan to pay' }, slow)).toBeTruthy();
    const quick = calls.filter((c) => c.line === 'POST /quick_checkout');
    expect(quick).toHaveLength(2);
    expect(quick[0].key).toBeTruthy();
    expect(quick[1].key).toBe(quick[0].key);
    expect(quick[0].body).toEqual({ membership_product: 31, quantity: 1, payment_method: 'wechatpay', total: 29900 });
    expect(calls.map((c) => c.line)).toContain('GET /pay/order/41/payment/1/update?channel=pc');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Payment QR code for order L-000041' })).toBeTruthy(), slow);
    expect(await screen.findByText('Order L-000041 is paid.', undefined, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See what you bought' }).getAttribute('href')).toBe('/pay_success?number=L-000041');
    // A paid checkout is not resumed.
    expect(sessionStorage.getItem('checkout:7')).toBeNull();
  });

  it('shows the server’s address errors beside the fields, back at the address step; a reload resumes the step', async () => {
    checkoutAnswers = [json({ error: 'invalid', message: 'Invalid.', fields: { 'shipping_address.postcode': 'Use a postcode of China.' } }, 400)];
    renderAt('/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }, slow));
    expect(await screen.findByRole('heading', { name: 'Where should we send it?' }, slow)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }, slow));
    // Nothing typed yet: the required fields say so, beside them.
    expect((await screen.findByLabelText('Last name', undefined, slow)).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Li' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Reading Road' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'XX' } });
    await screen.findByRole('option', { name: 'China' }, slow);
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'CN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Shipping method' }, slow)).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('checkout:7')!)).toMatchObject({ step: 'shipping', context: { address: { kind: 'new', fields: { postcode: 'XX' } } } });

    // A reload: the same step, the same address.
    cleanup();
    renderAt('/checkout');
    expect(await screen.findByRole('heading', { name: 'Shipping method' }, slow)).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: /Standard/ }, slow));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Test payment (demo)' }, slow));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ¥102.00' }, slow));
    const postcode = await screen.findByLabelText('Postcode', undefined, slow);
    await waitFor(() => expect(postcode.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(postcode.getAttribute('aria-describedby')!)?.textContent).toBe('Use a postcode of China.');
    const sent = calls.find((c) => c.line === 'POST /checkout')!;
    expect(sent.key).toBeTruthy();
    expect(sent.body).toMatchObject({ basket: 5, shipping_method_code: 'standard', payment_method: 'dev', total: 10200, shipping_address: { last_name: 'Li', line1: '1 Reading Road', postcode: 'XX', country: 'CN' } });
  });

  it('a basket that changed under the review is read again: what changed, the new total, and Pay at it with a new key', async () => {
    const totalConflict = () => {
      // Meanwhile the tote bag's price went up: the server's basket now says so.
      const line = { ...BASKET.lines[0], unit_price: 5000, price_excl_tax: 10000, price_incl_tax: 10000, price_excl_tax_excl_discounts: 10000, price_incl_tax_excl_discounts: 10000 };
      basketNow = { ...BASKET, lines: [line], total_excl_tax: 10000, total_incl_tax: 10000, total_excl_tax_excl_discounts: 10000, total_incl_tax_excl_discounts: 10000, order_total: 10000, corrections: [{ code: 'price_changed', line: 50, product: 1, old_value: 4500, new_value: 5000, message: 'The price changed.' }] };
      const message = 'The order total is now 112.00 CNY, not 102.00 CNY; check the basket and try again.';
      return json({ error: 'conflict', message: `total: ${message}`, fields: { total: message } }, 409);
    };
    checkoutAnswers = [totalConflict, orderAnswer()];
    renderAt('/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }, slow));
    await screen.findByRole('heading', { name: 'Where should we send it?' }, slow);
    fireEvent.change(await screen.findByLabelText('Last name', undefined, slow), { target: { value: 'Li' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Reading Road' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '100000' } });
    await screen.findByRole('option', { name: 'China' }, slow);
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'CN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Standard/ }, slow));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Test payment (demo)' }, slow));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ¥102.00' }, slow));

    // The reason in words, not the server's "total: ..." with its field name; what changed; the new amount to pay.
    expect(await screen.findByText('The order was not placed: the basket changed since you saw it. Check what changed, then pay the new total.', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(await screen.findByText(/Lectern Tote Bag/, { selector: '.basket-notices li' }, slow)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ¥112.00' }, slow));
    await waitFor(() => expect(calls.filter((c) => c.line === 'POST /checkout')).toHaveLength(2), slow);
    const [first, second] = calls.filter((c) => c.line === 'POST /checkout');
    expect(first.body).toMatchObject({ total: 10200 });
    expect(second.body).toMatchObject({ total: 11200 });
    expect(second.key).toBeTruthy();
    expect(second.key).not.toBe(first.key);
  });

  it('/pay_success asks the status until the order is paid, then lists what was granted with links', async () => {
    statusAnswers = ['pending', 'paid'];
    renderAt('/pay_success?number=L-000041');
    expect(await screen.findByText('Order L-000041 is not paid yet. This page checks again every few seconds.', undefined, slow)).toBeTruthy();
    expect(await screen.findByText('Thank you! Order L-000041 is paid.', undefined, slow)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'See your membership' }, slow)).getAttribute('href')).toBe('/my-membership');
    expect(screen.getByRole('link', { name: 'Open the course' }).getAttribute('href')).toBe('/course/9');
    expect(screen.getByText('Lectern Tote Bag × 2: we will send it to you.')).toBeTruthy();
    expect(calls.filter((c) => c.line === 'GET /pay/order/number/L-000041/status')).toHaveLength(2);
  });
});

/** The words of the checkout in each language, as the steps below need them. */
const WORDS = {
  en: { continue: 'Continue', address: 'Where should we send it?', lastName: 'Last name', line1: 'Address', postcode: 'Postcode', country: 'Country', phone: 'Phone number', line2: 'Address, line 2 (optional)', china: 'China', dev: 'Test payment (demo)' },
  'zh-CN': { continue: '继续', address: '寄送到哪里？', lastName: '姓', line1: '详细地址', postcode: '邮政编码', country: '国家或地区', phone: '电话号码', line2: '地址第二行（可选）', china: '中国', dev: '测试支付（演示）' },
} as const;

/** From the basket to the address step's form. */
async function toAddress(lang: 'en' | 'zh-CN') {
  const w = WORDS[lang];
  renderAt('/checkout', lang);
  fireEvent.click(await screen.findByRole('button', { name: w.continue }, slow));
  await screen.findByRole('heading', { name: w.address }, slow);
  fireEvent.change(await screen.findByLabelText(w.lastName, undefined, slow), { target: { value: 'Li' } });
  fireEvent.change(screen.getByLabelText(w.line1), { target: { value: '1 Reading Road' } });
  fireEvent.change(screen.getByLabelText(w.postcode), { target: { value: '100000' } });
  await screen.findByRole('option', { name: w.china }, slow);
  fireEvent.change(screen.getByLabelText(w.country), { target: { value: 'CN' } });
}

/** From the address step (filled in) to Review, shipped by Standard and paid by the test method. */
async function toReview(lang: 'en' | 'zh-CN') {
  const w = WORDS[lang];
  fireEvent.click(screen.getByRole('button', { name: w.continue }));
  fireEvent.click(await screen.findByRole('radio', { name: /Standard/ }, slow));
  fireEvent.click(screen.getByRole('button', { name: w.continue }));
  fireEvent.click(await screen.findByRole('radio', { name: w.dev }, slow));
  fireEvent.click(screen.getByRole('button', { name: w.continue }));
}

/** The server's 409 when its checkout found the basket changed (it has kept the corrections: the basket read after lists none). */
const basketConflict = () => {
  const line = { ...BASKET.lines[0], quantity: 1, unit_price: 5200, price_excl_tax: 5200, price_incl_tax: 5200, price_excl_tax_excl_discounts: 5200, price_incl_tax_excl_discounts: 5200 };
  basketNow = { ...BASKET, lines: [line], total_excl_tax: 5200, total_incl_tax: 5200, total_excl_tax_excl_discounts: 5200, total_incl_tax_excl_discounts: 5200, order_total: 5200, corrections: [] };
  const message =
    'The basket changed: Only 1 of "Lectern Tote Bag" in stock; the quantity is now 1. The price of "Lectern Tote Bag" is now 52.00 CNY (was 45.00 CNY). The voucher "AUTUMN" has expired. It was taken off the basket. Check it and order again.';
  const changes = [
    'Only 1 of "Lectern Tote Bag" in stock; the quantity is now 1.',
    'The price of "Lectern Tote Bag" is now 52.00 CNY (was 45.00 CNY).',
    'The voucher "AUTUMN" has expired. It was taken off the basket.',
  ];
  return json({ error: 'conflict', message: `basket: ${message}`, fields: { basket: message }, changes }, 409);
};

describe('/checkout: what the server found changed, and the address checked before Pay', () => {
  it('says what changed in the basket, from the server’s 409, before Pay offers the new total', async () => {
    checkoutAnswers = [basketConflict, orderAnswer()];
    await toAddress('en');
    await toReview('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ¥102.00' }, slow));
    const changes = await screen.findByRole('region', { name: 'What changed in your basket' }, slow);
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Only 1 of "Lectern Tote Bag" in stock; the quantity is now 1.',
      'The price of "Lectern Tote Bag" is now 52.00 CNY (was 45.00 CNY).',
      'The voucher "AUTUMN" has expired. It was taken off the basket.',
    ]);
    // The new total, once the basket is read again; what changed is still there to read.
    expect(await screen.findByRole('button', { name: 'Pay ¥64.00' }, slow)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What changed in your basket' })).toBeTruthy();
    // A reload keeps it (the problem is saved with the checkout).
    cleanup();
    renderAt('/checkout');
    expect(await screen.findByRole('region', { name: 'What changed in your basket' }, slow)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay ¥64.00' }, slow));
    await waitFor(() => expect(calls.filter((c) => c.line === 'POST /checkout')).toHaveLength(2), slow);
    expect(calls.filter((c) => c.line === 'POST /checkout')[1].body).toMatchObject({ total: 6400 });
  });

  it('says what changed in Chinese to a Chinese reader', async () => {
    checkoutAnswers = [basketConflict];
    await toAddress('zh-CN');
    await toReview('zh-CN');
    fireEvent.click(await screen.findByRole('button', { name: '支付 ¥102.00' }, slow));
    const changes = await screen.findByRole('region', { name: '购物车的变化' }, slow);
    expect(within(changes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '“Lectern Tote Bag”库存只剩 1 件，数量已改为 1。',
      '“Lectern Tote Bag”的价格现为 52.00 CNY（原为 45.00 CNY）。',
      '优惠码“AUTUMN”已过期。它已从购物车移除。',
    ]);
    expect(changes.textContent).not.toMatch(/[A-Za-z]{4,} [a-z]{3,}/);
  });

  it('checks the new address at its step with the server’s limits, in the reader’s language, focusing the first bad field', async () => {
    await toAddress('zh-CN');
    fireEvent.change(screen.getByLabelText('详细地址'), { target: { value: 'x'.repeat(256) } });
    fireEvent.change(screen.getByLabelText('电话号码'), { target: { value: '138-0000 abc' } });
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    const line1 = screen.getByLabelText('详细地址');
    await waitFor(() => expect(line1.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(line1.getAttribute('aria-describedby')!)?.textContent).toBe('最多 255 个字符。');
    const phone = screen.getByLabelText('电话号码');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe('请只使用数字、空格、“+”、“-”和括号。');
    expect(document.activeElement).toBe(line1);
    // Still the address step: nothing went on.
    expect(screen.getByRole('heading', { name: '寄送到哪里？' })).toBeTruthy();
    // At the limit (after trimming, as the server trims) it goes on.
    fireEvent.change(line1, { target: { value: ` ${'x'.repeat(255)} ` } });
    fireEvent.change(phone, { target: { value: '+86 (10) 1234-5678' } });
    fireEvent.click(screen.getByRole('button', { name: '继续' }));
    expect(await screen.findByRole('heading', { name: '配送方式' }, slow)).toBeTruthy();
  });

  it('shows a field the server refused in Chinese beside it, back at the address step, with the focus on it', async () => {
    checkoutAnswers = [json({ error: 'invalid', message: 'shipping_address.line2: Use at most 255 characters.', fields: { 'shipping_address.line2': 'Use at most 255 characters.' } }, 400)];
    await toAddress('zh-CN');
    await toReview('zh-CN');
    fireEvent.click(await screen.findByRole('button', { name: '支付 ¥102.00' }, slow));
    expect(await screen.findByRole('heading', { name: '寄送到哪里？' }, slow)).toBeTruthy();
    const line2 = await screen.findByLabelText('地址第二行（可选）', undefined, slow);
    await waitFor(() => expect(line2.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(line2.getAttribute('aria-describedby')!)?.textContent).toBe('最多 255 个字符。');
    await waitFor(() => expect(document.activeElement).toBe(line2));
  });
});

describe('/pay_success of a closed order', () => {
  it('says a payment that reached it after it closed will be returned, in either language', async () => {
    statusAnswers = ['cancelled', 'cancelled'];
    orderExtra = { status: 'cancelled', payments_to_return: 1 };
    renderAt('/pay_success?number=L-000041');
    expect(await screen.findByText('Order L-000041: Cancelled.', undefined, slow)).toBeTruthy();
    expect(await screen.findByText('We received your payment after the order closed; it will be returned to you.', undefined, slow)).toBeTruthy();
    cleanup();
    renderAt('/pay_success?number=L-000041', 'zh-CN');
    expect(await screen.findByText('我们在订单关闭后收到了你的付款，这笔钱会退还给你。', undefined, slow)).toBeTruthy();
  });

  it('says nothing of a return when no payment reached it', async () => {
    statusAnswers = ['expired'];
    orderExtra = { status: 'expired', payments_to_return: 0 };
    renderAt('/pay_success?number=L-000041');
    expect(await screen.findByText('Order L-000041 was not paid in time and has expired.', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.line)).toContain('GET /orders/41'), slow);
    expect(screen.queryByText(/will be returned/)).toBeNull();
  });
});
