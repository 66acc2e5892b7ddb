// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Paginated } from '../../../src/shared/api/common.js';
import type { ProductCard, ProductDetail, ShopCategory } from '../../../src/shared/api/shop.js';
import { AppProviders, createQueryClient } from '../../../src/web/app/app-shell.js';
import { createRoutes } from '../../../src/web/app/routes.js';
import { readAccessToken } from '../../../src/web/lib/auth-state.js';
import { getDb } from '../../../src/web/lib/db.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import { sessionHost } from '../../../src/web/lib/session/session-context.js';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { lineKey } from '../../../src/web/features/shop/outbox/outbox.js';
import { enqueue } from '../../../src/web/features/shop/outbox/store.js';
import { loginResponseFor } from '../web/fixtures.js';
import { fakeBasketServer } from './fake-basket-server.js';

const STAMP = '2026-11-01T00:00:00.000Z';
const price = (amount: number) => ({ currency: 'CNY', excl_tax: amount, incl_tax: amount, tax: 0, is_tax_known: true });
const categories: ShopCategory[] = [
  { id: 1, parent: null, name: 'Books', slug: 'books', description: 'Paper books.', sort_order: 0, breadcrumbs: 'Books', children: [] },
  { id: 2, parent: null, name: 'Memberships', slug: 'memberships', description: '', sort_order: 1, breadcrumbs: 'Memberships', children: [] },
];
const card = (fields: Partial<ProductCard> & { id: number; title: string }): ProductCard => ({
  slug: `p-${fields.id}`,
  upc: null,
  product_class: 'physical',
  image: null,
  category: { id: 1, name: 'Books', slug: 'books' },
  requires_shipping: true,
  price: price(5900),
  availability: { is_available_to_buy: true, num_available: 12, message: 'In stock' },
  is_public: true,
  ...fields,
});
const products = [
  card({ id: 1, title: 'SQL Indexes Explained' }),
  card({ id: 2, title: 'Offline-First Web Apps', price: price(8800), availability: { is_available_to_buy: true, num_available: 2, message: '' } }),
  card({ id: 3, title: 'Writing Clearly', availability: { is_available_to_buy: false, num_available: 0, message: '' } }),
  card({ id: 4, title: 'Premium, a year', product_class: 'membership', requires_shipping: false, category: { id: 2, name: 'Memberships', slug: 'memberships' }, price: price(29900), availability: { is_available_to_buy: true, num_available: null, message: '' } }),
];
/** What the server answers a Chinese reader (`lang=zh-CN`): category and option names in Chinese, titles as written. */
const ZH_NAMES: Record<string, string> = { Books: '图书', Memberships: '会员', 'Gift message': '礼品留言' };
const inLang = <T extends { name: string }>(row: T, lang: string | null): T => (lang === 'zh-CN' ? { ...row, name: ZH_NAMES[row.name] ?? row.name } : row);

const detail = (p: ProductCard): ProductDetail => ({
  ...p,
  description: `About ${p.title}.`,
  membership_product: p.product_class === 'membership' ? 31 : null,
  document: null,
  is_banner: false,
  sort_order: 0,
  options: p.id === 1 ? [{ id: 5, name: 'Gift message', code: 'gift-message', type: 'text', required: false }] : [],
  stockrecords: [],
  date_created: STAMP,
  date_updated: STAMP,
});

let server: ReturnType<typeof fakeBasketServer>;
let calls: string[] = [];
let online = true;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function api(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v2', '');
  const who = request.headers.get('authorization') ? 'user' : 'guest';
  const opId = request.headers.get('idempotency-key');
  calls.push(`${request.method} ${path}${url.search} ${who}${opId ? ' op' : ''}`);
  if (!online) throw new TypeError('Failed to fetch');
  if (path === '/rest-auth/token/verify/') return json({});
  if (path === '/rest-auth/user/') return json(loginResponseFor({ id: 7, username: 'noor' }).user);
  if (path.startsWith('/usermembership/user/')) return json({ error: 'not_found', message: 'Not found' }, 404);
  const lang = url.searchParams.get('lang');
  if (path === '/shop/categories') return json(categories.map((c) => ({ ...inLang(c, lang), breadcrumbs: inLang(c, lang).name })));
  if (path === '/shop/products') {
    const q = url.searchParams.get('q')?.toLowerCase();
    const category = url.searchParams.get('category');
    const results = products.filter((p) => (!q || p.title.toLowerCase().includes(q)) && (!category || p.category?.slug === category));
    const page: Paginated<ProductCard> = { count: results.length, next: null, previous: null, results };
    return json(page);
  }
  const m = /^\/products\/(\d+)$/.exec(path);
  if (m) {
    const p = products.find((x) => x.id === Number(m[1]));
    if (!p) return json({ error: 'not_found', message: 'Not found' }, 404);
    const d = detail(p);
    return json({ ...d, category: d.category && inLang(d.category, lang), options: d.options.map((o) => inLang(o, lang)) });
  }
  if (path === '/product_membership') {
    return json([
      { id: 1, slug: 'premium', name: 'Premium', description: '', perks: [], sort_order: 0, is_premium: true, products: [{ id: 31, membership_id: 1, membership_slug: 'premium', name: 'A year', price: 29900, currency: 'CNY', period_unit: 'month', period_count: 12, is_active: true, sort_order: 0 }] },
    ]);
  }
  if (path === '/countries') return json([{ iso_3166_1_a2: 'CN', iso_3166_1_a3: 'CHN', iso_3166_1_numeric: '156', name: 'China', printable_name: 'China', display_order: 0, is_shipping_country: true }]);
  if (path === '/basket/shipping-methods') return json([{ code: 'standard', name: 'Standard', description: '', price: 1200, is_discounted: false, discount: 0 }]);
  if (who === 'guest') return json({ error: 'not_authenticated', message: 'Log in first.' }, 401);
  if (path === '/basket' && request.method === 'GET') return json(await server.api.fetchBasket());
  if (path === '/basket/add-voucher') return json({ error: 'invalid', message: 'vouchercode: Voucher code unknown.', fields: { vouchercode: 'Voucher code unknown.' } }, 400);
  if (request.method === 'POST' || request.method === 'PATCH' || request.method === 'DELETE') {
    if (!opId) return json({ error: 'invalid', message: 'no op id' }, 400);
    const body = request.method === 'DELETE' ? undefined : ((await request.json()) as unknown);
    try {
      const answer = await server.api.send({ method: request.method, path, body }, opId);
      return answer === null ? new Response(null, { status: 204 }) : json(answer);
    } catch (err) {
      const e = err as { status: number; message: string; fields?: Record<string, string> };
      return json({ error: 'invalid', message: e.message, fields: e.fields }, e.status);
    }
  }
  return json({ error: 'not_found', message: 'Not found' }, 404);
}

function renderAt(path: string, lang: 'en' | 'zh-CN' = 'en') {
  const http = createHttpClient({ baseUrl: 'http://localhost', fetch: api, getAccessToken: () => readAccessToken() });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ queryClient, http, lang }), { initialEntries: [path] });
  const env = { http, lang, colorMode: 'system' as const, publicUrl: 'http://localhost', siteName: 'Lectern' };
  render(
    <AppProviders env={env} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const slow = { timeout: 5000 };
/**
 * A login stored on the device, as the session sees it before a page renders: the tab's one session host (started
 * by an earlier test's basket call) reads the rows through a live query, which may not have caught up yet; a page
 * rendered before then takes the reader for a guest and sends them to log in.
 */
const login = async () => {
  await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
  const host = await sessionHost();
  await waitFor(() => expect(host.stored().auth.isLogin).toBe(1), slow);
};
const setOnline = (value: boolean) => {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
};
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => {
  vi.stubGlobal('fetch', api);
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  calls = [];
  online = true;
  server = fakeBasketServer({
    1: { title: 'SQL Indexes Explained', price: 5900, stock: 12 },
    2: { title: 'Offline-First Web Apps', price: 8800, stock: 2 },
    4: { title: 'Premium, a year', price: 29900, stock: 1000, productClass: 'membership' },
  });
  window.scrollTo = () => undefined;
});
afterEach(async () => {
  cleanup();
  await clearLogin();
  window.localStorage.clear();
  const db = getDb()!;
  await Promise.all([db.basketOps.clear(), db.basketSnapshots.clear(), db.basketNotices.clear()]);
});

describe('/shop', () => {
  it('shows the product grid with class, price and availability, the categories and a search', async () => {
    const router = renderAt('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' }, slow)).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]).getByRole('link', { name: 'SQL Indexes Explained' }).getAttribute('href')).toBe('/product/1');
    expect(within(cards[0]).getByText('¥59.00')).toBeTruthy();
    expect(within(cards[0]).getByText('In stock')).toBeTruthy();
    expect(within(cards[1]).getByText('Only 2 left')).toBeTruthy();
    expect(within(cards[2]).getByText('Out of stock')).toBeTruthy();
    expect(within(cards[3]).getByText('Membership')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Product categories' });
    expect(within(nav).getByRole('link', { name: 'Books' }).getAttribute('href')).toBe('/shop/category/books');
    expect(calls).toContain('GET /shop/products?page=1&page_size=12&lang=en guest');
    expect(calls).toContain('GET /shop/categories?lang=en guest');

    fireEvent.change(screen.getByLabelText('Search the shop'), { target: { value: 'offline' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=offline'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Products matching “offline”' })).toBeTruthy();
  });

  it('lists a category by its path, and answers not found for a category that does not exist', async () => {
    renderAt('/shop/category/memberships');
    expect(await screen.findByRole('heading', { level: 1, name: 'Memberships' }, slow)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(calls).toContain('GET /shop/products?page=1&page_size=12&category=memberships&lang=en guest');
    cleanup();
    renderAt('/shop/category/nothing');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, slow)).toBeTruthy();
  });

  it('speaks Simplified Chinese to a Chinese reader', async () => {
    renderAt('/shop', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '商店' }, slow)).toBeTruthy();
    expect(screen.getByText('仅剩 2 件')).toBeTruthy();
    expect(screen.getByRole('button', { name: '搜索' })).toBeTruthy();
    // The category chips are fetched in the interface language, under a key of their own.
    const nav = screen.getByRole('navigation', { name: '商品分类' });
    expect(within(nav).getByRole('link', { name: '图书' }).getAttribute('href')).toBe('/shop/category/books');
    expect(within(nav).queryByRole('link', { name: 'Books' })).toBeNull();
    expect(calls).toContain('GET /shop/categories?lang=zh-CN guest');
    expect(calls).toContain('GET /shop/products?page=1&page_size=12&lang=zh-CN guest');
  });

  it("names a Chinese reader's category page in Chinese", async () => {
    renderAt('/shop/category/memberships', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '会员' }, slow)).toBeTruthy();
  });
});

describe('/product/{id} in Chinese', () => {
  it("shows a Chinese reader the category breadcrumb and the option's label in Chinese, the title as written", async () => {
    renderAt('/product/1', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: 'SQL Indexes Explained' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: '图书' }).getAttribute('href')).toBe('/shop/category/books');
    expect(screen.getByLabelText(/礼品留言/)).toBeTruthy();
    expect(screen.queryByText(/Gift message/)).toBeNull();
    expect(calls).toContain('GET /products/1?lang=zh-CN guest');
  });
});

describe('/product/{id}', () => {
  it('shows price, stock, labelled options and quantity; a guest adds to the basket on this device only', async () => {
    renderAt('/product/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'SQL Indexes Explained' }, slow)).toBeTruthy();
    expect(screen.getByText('¥59.00')).toBeTruthy();
    expect(screen.getByText('Shipped to your address.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Gift message/), { target: { value: 'For Ann' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    const add = screen.getByRole('button', { name: 'Add to basket' }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    expect(await screen.findByText(/Log in to check out/, undefined, slow)).toBeTruthy();
    const ops = await getDb()!.basketOps.toArray();
    expect(ops).toMatchObject([{ owner: 0, kind: 'add', product: 1, quantity: 2, options: [{ option: 5, value: 'For Ann' }], key: lineKey(1, [{ option: 5, value: 'For Ann' }]) }]);
    expect(calls.some((c) => c.includes('add-product'))).toBe(false);
  });

  it('says what a membership product grants, and takes one copy', async () => {
    renderAt('/product/4');
    expect(await screen.findByText('Buying this gives your account the Premium plan for 12 months.', undefined, slow)).toBeTruthy();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.getByText('One copy per basket.')).toBeTruthy();
  });

  it('cannot add a product that is out of stock', async () => {
    renderAt('/product/3');
    expect(await screen.findByText('Out of stock', undefined, slow)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to basket' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the header', () => {
  it('has a Shop entry, and a basket badge with the item count once this device used the basket', async () => {
    renderAt('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' }, slow)).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('link', { name: /^Basket/ })).toBeNull();
    cleanup();

    renderAt('/product/2');
    const add = (await screen.findByRole('button', { name: 'Add to basket' }, slow)) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    fireEvent.click(add);
    const badge = await screen.findByRole('link', { name: 'Basket, 2 items' }, slow);
    expect(badge.getAttribute('href')).toBe('/cart');
    expect(within(badge).getByTestId('basket-count').textContent).toBe('2');
  });
});

describe('/cart', () => {
  it('changes quantities offline as pending, then replays them in order on reconnect and shows what the server changed', async () => {
    await login();
    server.lines.push({ id: 10, product: 1, quantity: 1, priceAtAdd: 5900, options: [] }, { id: 11, product: 2, quantity: 1, priceAtAdd: 8800, options: [] });
    renderAt('/cart');
    expect(await screen.findByRole('link', { name: 'SQL Indexes Explained' }, slow)).toBeTruthy();
    const totals = () => screen.getByRole('region', { name: 'Totals' });
    await waitFor(() => expect(within(totals()).getAllByText('¥147.00')).toHaveLength(2), slow);

    // At one, "one fewer" says it cannot go lower but stays focusable (a disabled button would drop the focus).
    const fewer = screen.getByRole('button', { name: 'One fewer SQL Indexes Explained' }) as HTMLButtonElement;
    expect(fewer.disabled).toBe(false);
    expect(fewer.getAttribute('aria-disabled')).toBe('true');
    setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'One more SQL Indexes Explained' }));
    await waitFor(() => expect(screen.getAllByText('Waiting to be sent')).toHaveLength(1));
    const remove = screen.getByRole('button', { name: 'Remove Offline-First Web Apps' });
    remove.focus();
    fireEvent.click(remove);
    expect(await screen.findByText('Removal waiting to be sent')).toBeTruthy();
    // The removed line's buttons are gone: the focus is on the page's heading, not lost to the page's start.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByText(/Totals as of the last answer/)).toBeTruthy();
    expect(server.lines.map((l) => l.quantity)).toEqual([1, 1]);

    // Meanwhile staff raise a price.
    server.products[1].price = 6500;
    calls = [];
    setOnline(true);
    await waitFor(() => expect(screen.queryByText('Waiting to be sent')).toBeNull(), slow);
    await waitFor(() => expect(screen.queryByText('Removal waiting to be sent')).toBeNull(), slow);
    const sends = calls.filter((c) => !c.startsWith('GET'));
    expect(sends).toEqual(['PATCH /baskets/1/lines/10 user op', 'DELETE /baskets/1/lines/11 user op']);
    expect(server.lines).toMatchObject([{ id: 10, quantity: 2 }]);
    const notices = await screen.findByRole('alert');
    expect(within(notices).getByText('The price of “SQL Indexes Explained” is now ¥65.00 (was ¥59.00).')).toBeTruthy();
    await waitFor(() => expect(within(totals()).getAllByText('¥130.00')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss these notices' }));
    await waitFor(() => expect(screen.queryByText(/is now ¥65.00/)).toBeNull());
  });

  it('merges the basket a guest filled into the account basket at login and says so', async () => {
    server.lines.push({ id: 10, product: 2, quantity: 1, priceAtAdd: 8800, options: [] });
    await enqueue(getDb()!, { owner: 0, kind: 'add', key: lineKey(2, []), product: 2, options: [], quantity: 2, title: 'Offline-First Web Apps', productClass: 'physical', unitPrice: 8800, currency: 'CNY' });
    await login();
    renderAt('/cart');
    expect(await screen.findByText(/added to your account’s basket \(1 product\)/, undefined, slow)).toBeTruthy();
    expect(await screen.findByText('Only 2 of “Offline-First Web Apps” could be kept (you asked for 3).', undefined, slow)).toBeTruthy();
    expect(server.lines).toMatchObject([{ product: 2, quantity: 2 }]);
    expect(await getDb()!.basketOps.count()).toBe(0);
  });

  it('shows a voucher refusal beside the field, and a shipping estimate by country', async () => {
    await login();
    server.lines.push({ id: 10, product: 1, quantity: 1, priceAtAdd: 5900, options: [] });
    renderAt('/cart');
    expect(await screen.findByRole('link', { name: 'SQL Indexes Explained' }, slow)).toBeTruthy();
    await screen.findByRole('heading', { name: 'Totals' }, slow);
    fireEvent.change(screen.getByLabelText('Voucher code'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const error = await screen.findByText('Voucher code unknown.');
    expect(screen.getByLabelText('Voucher code').getAttribute('aria-describedby')).toBe(error.id);
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'CN' } });
    expect(await screen.findByText('¥12.00')).toBeTruthy();
    expect(calls).toContain('GET /basket/shipping-methods?country=CN user');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('gives a Chinese reader the voucher refusal in Chinese', async () => {
    await login();
    server.lines.push({ id: 10, product: 1, quantity: 1, priceAtAdd: 5900, options: [] });
    renderAt('/cart', 'zh-CN');
    expect(await screen.findByRole('link', { name: 'SQL Indexes Explained' }, slow)).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('优惠码', undefined, slow), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    const error = await screen.findByText('没有这个优惠码。');
    expect(screen.getByLabelText('优惠码').getAttribute('aria-describedby')).toBe(error.id);
  });
});
