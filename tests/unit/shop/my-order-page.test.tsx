// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/shared/api/orders.js';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { createRoutes } from '../../../src/web/app/routes.js';
import { readAccessToken } from '../../../src/web/lib/auth-state.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from '../web/fixtures.js';
import { answerCallsWith } from '../web/test-app.js';
import { order as paidOrder, orderLine } from './order-fixtures.js';

/** A year of Premium bought alone. */
const order = (fields: Partial<Order> & { id: number; number: string }): Order =>
  paidOrder({
    total_excl_tax_excl_discounts: 29900,
    total_incl_tax: 29900,
    total_excl_tax: 29900,
    lines: [orderLine(fields.id * 10, 'Premium · A year', 29900, 0, { order: fields.id, product: 4, product_class: 'membership', membership_product: 31, stockrecord: null })],
    ...fields,
  });

let calls: string[] = [];
let keys: Array<string | null> = [];
/** Orders cancelled by the test's calls; the answer to a cancel (a 409 when given). */
let cancelled = new Set<number>();
let cancelAnswer: Response | null = null;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DOWNLOAD_URL = '/api/v2/orderlines/401/download?exp=1800003600&sig=abc';
const workbook = (id: number, orderId: number, download: boolean) =>
  orderLine(id, 'Reading Habits Workbook (PDF)', 1900, 0, {
    order: orderId,
    product_class: 'digital',
    stockrecord: null,
    ...(download && { download_url: DOWNLOAD_URL, download_name: 'reading-habits-workbook.pdf', download_bytes: 3237 }),
  });
const withWorkbook = (o: Order, download: boolean): Order => ({ ...o, lines: [...o.lines, workbook(o.id * 10 + 1, o.id, download)] });
const PAGE_ONE = [withWorkbook(order({ id: 41, number: 'L-000041', status: 'pending', can_pay: true, date_paid: null }), false), withWorkbook(order({ id: 40, number: 'L-000040' }), true)];
const PAGE_TWO = [order({ id: 12, number: 'L-000012', status: 'expired', date_paid: null })];

async function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v2', '');
  calls.push(`${request.method} ${path}${url.search}`);
  if (path === '/orders/41/cancel' && request.method === 'POST') {
    keys.push(request.headers.get('idempotency-key'));
    if (cancelAnswer) return cancelAnswer;
    cancelled.add(41);
    return json({ ...PAGE_ONE[0], status: 'cancelled', can_pay: false });
  }
  if (path === '/rest-auth/token/verify/') return json({});
  if (path === '/rest-auth/user/') return json(loginResponseFor({ id: 7, username: 'noor' }).user);
  if (path.startsWith('/usermembership/user/')) return json({ error: 'not_found', message: 'Not found' }, 404);
  if (path === '/basket') return json({ error: 'not_found', message: 'Not found' }, 404);
  if (path === '/my_order') {
    const page = url.searchParams.get('page') ?? '1';
    const status = url.searchParams.get('status');
    if (status) return json({ count: 0, next: null, previous: null, results: [] });
    const first = PAGE_ONE.map((o) => (cancelled.has(o.id) ? { ...o, status: 'cancelled', can_pay: false } : o));
    return page === '1'
      ? json({ count: 3, next: '/api/v2/my_order?page=2', previous: null, results: first })
      : json({ count: 3, next: null, previous: '/api/v2/my_order?page=1', results: PAGE_TWO });
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

const slow = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

answerCallsWith(api);
afterEach(async () => {
  cleanup();
  calls = [];
  keys = [];
  cancelled = new Set();
  cancelAnswer = null;
  await clearLogin();
  window.localStorage.clear();
});

describe('/my-order', () => {
  it('lists the orders with status, lines and totals; only a pending order can be paid; pages follow the server', async () => {
    await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
    const router = renderAt('/my-order');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your orders' }, slow)).toBeTruthy();
    const pending = await screen.findByRole('article', { name: 'Order L-000041' }, slow);
    expect(within(pending).getByText('Awaiting payment')).toBeTruthy();
    expect(within(pending).getByText('Total ¥299.00')).toBeTruthy();
    expect(within(pending).getByRole('list', { name: 'What was ordered' }).textContent).toContain('Premium · A year');
    expect(within(pending).getByRole('link', { name: 'Pay Order L-000041' }).getAttribute('href')).toBe('/checkout?order=41');
    const paid = screen.getByRole('article', { name: 'Order L-000040' });
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).queryByRole('link', { name: /^Pay/ })).toBeNull();
    // A paid download is a real link naming the file and its size; a pending order's line has none.
    const download = within(paid).getByRole('link', { name: 'Download reading-habits-workbook.pdf (4 KB)' });
    expect(download.getAttribute('href')).toBe(DOWNLOAD_URL);
    expect(download.getAttribute('download')).toBe('reading-habits-workbook.pdf');
    expect(within(pending).queryByRole('link', { name: /^Download/ })).toBeNull();
    expect(calls).toContain('GET /my_order?page=1');

    const pages = screen.getByRole('navigation', { name: 'Order pages' });
    expect(within(pages).queryByRole('link', { name: 'Previous page' })).toBeNull();
    fireEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('article', { name: 'Order L-000012' }, slow)).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(within(screen.getByRole('article', { name: 'Order L-000012' })).getByText('Expired')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Order L-000041' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'refunded' } });
    expect(await screen.findByText('You have no orders yet.', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(calls).toContain('GET /my_order?page=1&status=refunded'));
  });

  it('speaks Chinese to a Chinese reader', async () => {
    await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
    renderAt('/my-order', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '我的订单' }, slow)).toBeTruthy();
    expect(await screen.findByText('待支付', undefined, slow)).toBeTruthy();
    expect((await screen.findByRole('link', { name: '下载 reading-habits-workbook.pdf（4 KB）' }, slow)).getAttribute('href')).toBe(DOWNLOAD_URL);
  });
});

describe('/my-order: cancelling an unpaid order', () => {
  // jsdom has no modal dialogs: open and close as the browser does, with the close event.
  beforeEach(() => {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.open = false;
      this.dispatchEvent(new Event('close'));
    };
  });

  it('asks first, cancels with an Idempotency-Key, refreshes the list, says so and keeps the focus on the order', async () => {
    await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
    renderAt('/my-order');
    const pending = await screen.findByRole('article', { name: 'Order L-000041' }, slow);
    // Only the pending order has one.
    expect(within(screen.getByRole('article', { name: 'Order L-000040' })).queryByRole('button', { name: /Cancel/ })).toBeNull();
    const open = within(pending).getByRole('button', { name: 'Cancel order L-000041' });
    expect(open.textContent).toBe('Cancel order');
    expect(open.className).toContain('button');
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order L-000041?' }, slow);
    // Keeping it closes the dialog and calls nothing.
    // Its Keep button submits a `method="dialog"` form, which closes the dialog (jsdom does not: done here).
    expect(within(dialog).getByRole('button', { name: 'Keep the order' }).closest('form')?.getAttribute('method')).toBe('dialog');
    act(() => (dialog as HTMLDialogElement).close());
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false));
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);

    fireEvent.click(within(pending).getByRole('button', { name: 'Cancel order L-000041' }));
    fireEvent.click(await within(screen.getByRole('dialog', { hidden: true })).findByRole('button', { name: 'Cancel the order' }, slow));
    expect((await screen.findByText('Order L-000041 is cancelled.', undefined, slow)).getAttribute('role')).toBe('status');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Order L-000041' });
    await waitFor(() => expect(within(card).getByText('Cancelled')).toBeTruthy(), slow);
    expect(within(card).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(within(card).queryByRole('link', { name: /^Pay/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Order L-000041' })), slow);
    expect(calls.filter((c) => c === 'GET /my_order?page=1').length).toBeGreaterThan(1);
  });

  it('shows a refusal (no longer pending) in the dialog, in Chinese, and reads the list again when closed', async () => {
    cancelAnswer = json({ error: 'conflict', message: 'status: An order that is paid cannot be cancelled.', fields: { status: 'An order that is paid cannot be cancelled.' } }, 409);
    await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
    renderAt('/my-order', 'zh-CN');
    fireEvent.click(await screen.findByRole('button', { name: '取消订单 L-000041' }, slow));
    const dialog = await screen.findByRole('dialog', { name: '取消订单 L-000041？' }, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认取消' }));
    expect((await within(dialog).findByRole('alert', undefined, slow)).textContent).toBe('这个订单的状态已变，不能再这样操作。');
    const reads = calls.filter((c) => c === 'GET /my_order?page=1').length;
    expect(within(dialog).getByRole('button', { name: '保留订单' })).toBeTruthy();
    act(() => (dialog as HTMLDialogElement).close());
    await waitFor(() => expect(calls.filter((c) => c === 'GET /my_order?page=1').length).toBe(reads + 1), slow);
  });
});
