// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLogin, saveLogin } from '../../../src/web/lib/session/session-store.js';
import { loginResponseFor } from '../web/fixtures.js';
import { answerCallsWith, jsonResponse, renderRoutesAt } from '../web/test-app.js';
import { order, orderLine } from './order-fixtures.js';

/* An order card's figures add up: its lines, then the discount and the shipping charge, then the total. */

const ORDERS = [
  // Two books, 10.00 off with a voucher shared over both lines, 8.00 for delivery: 59 + 88 - 10 + 8 = 145.
  order({
    id: 3,
    number: '100003',
    lines: [orderLine(31, 'SQL Indexes Explained', 5900, 400), orderLine(32, 'Offline-First Web Apps', 8800, 600)],
    total_excl_tax_excl_discounts: 14700,
    total_discount: 1000,
    shipping_method: 'Standard delivery',
    shipping_code: 'standard',
    shipping_incl_tax: 800,
    shipping_excl_tax: 800,
    total_incl_tax: 14500,
    total_excl_tax: 14500,
    voucher_code: 'TEN',
  }),
  // Shipped free of charge.
  order({
    id: 2,
    number: '100002',
    lines: [orderLine(21, 'Lectern Tote Bag', 12000)],
    total_excl_tax_excl_discounts: 12000,
    shipping_method: 'Standard delivery',
    shipping_code: 'standard',
    total_incl_tax: 12000,
    total_excl_tax: 12000,
  }),
  // Nothing shipped, nothing off: the lines and the total alone.
  order({
    id: 1,
    number: '100001',
    lines: [orderLine(11, 'Premium · A year', 29900, 0, { product_class: 'membership', stockrecord: null })],
    total_excl_tax_excl_discounts: 29900,
    total_incl_tax: 29900,
    total_excl_tax: 29900,
  }),
];

async function api(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace('/api/v2', '');
  if (path === '/rest-auth/token/verify/') return jsonResponse({});
  if (path === '/rest-auth/user/') return jsonResponse(loginResponseFor({ id: 7, username: 'noor' }).user);
  if (path === '/my_order') return jsonResponse({ count: ORDERS.length, next: null, previous: null, results: ORDERS });
  return jsonResponse({ error: 'not_found', message: 'Not found' }, 404);
}

function renderAt(path: string, lang: 'en' | 'zh-CN' = 'en') {
  renderRoutesAt(path, api, { lang, loggedIn: true });
}

/** The card's amounts in reading order, as numbers of minor units (a discount negative). */
function amounts(card: HTMLElement): number[] {
  return [...card.querySelectorAll('.checkout-lines strong, .order-card__charges dd')].map((el) => {
    const text = el.textContent ?? '';
    const value = Math.round(Number(text.replace(/[^\d.]/g, '')) * 100) || 0;
    return text.startsWith('−') ? -value : value;
  });
}

const slow = { timeout: 5000 };
vi.setConfig({ testTimeout: 20_000 });

answerCallsWith(api);
afterEach(async () => {
  cleanup();
  await clearLogin();
  window.localStorage.clear();
});

describe('/my-order: an order card adds up', () => {
  it('shows the discount and the shipping charge between the lines and the total', async () => {
    await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
    renderAt('/my-order');
    const card = await screen.findByRole('article', { name: 'Order 100003' }, slow);
    const charges = card.querySelector('.order-card__charges') as HTMLElement;
    expect(within(charges).getByText('Discount')).toBeTruthy();
    expect(within(charges).getByText('−¥10.00')).toBeTruthy();
    expect(within(charges).getByText('Shipping')).toBeTruthy();
    expect(within(charges).getByText('¥8.00')).toBeTruthy();
    expect(within(card).getByText('Total ¥145.00')).toBeTruthy();
    expect(amounts(card).reduce((a, b) => a + b, 0)).toBe(14500);
  });

  it('says a free delivery is free, and shows no charges for an order with none', async () => {
    await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
    renderAt('/my-order');
    const shipped = await screen.findByRole('article', { name: 'Order 100002' }, slow);
    expect(within(shipped.querySelector('.order-card__charges') as HTMLElement).getByText('Free')).toBeTruthy();
    expect(amounts(shipped).reduce((a, b) => a + b, 0)).toBe(12000);
    const membership = screen.getByRole('article', { name: 'Order 100001' });
    expect(membership.querySelector('.order-card__charges')).toBeNull();
    expect(within(membership).getByText('Total ¥299.00')).toBeTruthy();
  });

  it('names the charges in Chinese for a Chinese reader', async () => {
    await saveLogin(loginResponseFor({ id: 7, username: 'noor' }, 'user-token'));
    renderAt('/my-order', 'zh-CN');
    const card = await screen.findByRole('article', { name: '订单 100003' }, slow);
    const charges = card.querySelector('.order-card__charges') as HTMLElement;
    expect(within(charges).getByText('优惠')).toBeTruthy();
    expect(within(charges).getByText('运费')).toBeTruthy();
  });
});
