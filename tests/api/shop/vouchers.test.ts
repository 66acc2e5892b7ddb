import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { createPhysical, createRange, createVoucher, daysFromNow } from './factories.js';

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
});

async function shopperWith(...items: { id: number; quantity: number }[]) {
  const user = await createUser(t);
  const token = await tokenFor(t, user);
  for (const item of items) await t.api('POST', '/basket/add-product', { token, body: { product: item.id, quantity: item.quantity } });
  return { user, token };
}

const addVoucher = (token: string, code: string) => t.api('POST', '/basket/add-voucher', { token, body: { vouchercode: code } });

describe('applying a voucher', () => {
  it('takes a percentage off the whole basket and shares it over the lines', async () => {
    const a = await createPhysical(t, { price: 3000 });
    const b = await createPhysical(t, { price: 1000 });
    const { token } = await shopperWith({ id: a.product.id, quantity: 1 }, { id: b.product.id, quantity: 1 });
    const voucher = await createVoucher(t, { value: 15 });
    const res = await addVoucher(token, voucher.code.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total_excl_tax_excl_discounts: 4000,
      total_excl_tax: 3400,
      voucher_discounts: [{ voucher: { code: voucher.code }, amount: 600, applied: true }],
    });
    expect(res.json().lines.map((l: { discount: number }) => l.discount)).toEqual([450, 150]);
  });

  it('takes a fixed amount off a range only, never more than the range costs', async () => {
    const inRange = await createPhysical(t, { price: 1500 });
    const outside = await createPhysical(t, { price: 9000 });
    const range = await createRange(t, [inRange.product.id]);
    const voucher = await createVoucher(t, { discount_type: 'fixed', value: 2000, range_id: range.id });
    const { token } = await shopperWith({ id: inRange.product.id, quantity: 1 }, { id: outside.product.id, quantity: 1 });
    const basket = (await addVoucher(token, voucher.code)).json();
    expect(basket.voucher_discounts[0].amount).toBe(1500);
    expect(basket.total_excl_tax).toBe(9000);
    expect(basket.lines.map((l: { discount: number }) => l.discount)).toEqual([1500, 0]);

    const onlyOutside = await shopperWith({ id: outside.product.id, quantity: 1 });
    const refused = await addVoucher(onlyOutside.token, voucher.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.vouchercode).toContain('none of the products');
  });

  it('checks the minimum spend against what the voucher covers, then keeps it unapplied when the basket shrinks', async () => {
    const book = await createPhysical(t, { price: 4000 });
    const voucher = await createVoucher(t, { min_spend: 8000 });
    const { token } = await shopperWith({ id: book.product.id, quantity: 1 });
    const short = await addVoucher(token, voucher.code);
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.vouchercode).toContain('Spend at least 80.00 CNY');

    const basket = (await t.api('POST', '/basket/add-product', { token, body: { product: book.product.id, quantity: 1 } })).json();
    expect((await addVoucher(token, voucher.code)).json()).toMatchObject({ voucher_discounts: [{ amount: 800, applied: true }], total_excl_tax: 7200 });
    const line = basket.lines[0];
    const smaller = await t.api('PATCH', `/baskets/${basket.id}/lines/${line.id}`, { token, body: { quantity: 1 } });
    expect(smaller.statusCode).toBe(200);
    expect((await t.api('GET', '/basket', { token })).json()).toMatchObject({ voucher_discounts: [{ amount: 0, applied: false }], total_excl_tax: 4000 });
  });

  it('refuses unknown, inactive, future, expired and used-up vouchers', async () => {
    const book = await createPhysical(t);
    const { user, token } = await shopperWith({ id: book.product.id, quantity: 1 });
    const cases: [string, string][] = [
      ['NO-SUCH-CODE', 'unknown'],
      [(await createVoucher(t, { is_active: 0 })).code, 'not active'],
      [(await createVoucher(t, { starts_at: daysFromNow(1) })).code, 'not valid yet'],
      [(await createVoucher(t, { starts_at: daysFromNow(-10), ends_at: daysFromNow(-1) })).code, 'expired'],
      [(await createVoucher(t, { usage_limit: 5, num_used: 5 })).code, 'used up'],
    ];
    const perUser = await createVoucher(t, { per_user_limit: 1 });
    await t.db.kysely.insertInto('shop_voucher_usages').values({ voucher_id: perUser.id, user_id: user.id, reference: `order:${user.id}`, created_at: new Date().toISOString() }).execute();
    cases.push([perUser.code, 'as often as it allows']);
    for (const [code, message] of cases) {
      const res = await addVoucher(token, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().fields.vouchercode, code).toContain(message);
    }
    // Another user has not used the per-user voucher yet.
    const other = await shopperWith({ id: book.product.id, quantity: 1 });
    expect((await addVoucher(other.token, perUser.code)).statusCode).toBe(200);
  });

  it('takes an expired voucher off with a correction, and removes a voucher on request', async () => {
    const book = await createPhysical(t);
    const { token } = await shopperWith({ id: book.product.id, quantity: 1 });
    const voucher = await createVoucher(t);
    expect((await addVoucher(token, voucher.code)).statusCode).toBe(200);
    await t.db.kysely.updateTable('shop_vouchers').set({ ends_at: daysFromNow(-0.001) }).where('id', '=', voucher.id).execute();
    const read = (await t.api('GET', '/basket', { token })).json();
    expect(read.voucher_discounts).toEqual([]);
    expect(read.corrections).toMatchObject([{ code: 'voucher_removed' }]);
    expect(read.corrections[0].message).toContain('expired');

    const second = await createVoucher(t);
    await addVoucher(token, second.code);
    const wrong = await t.api('POST', '/basket/remove-voucher', { token, body: { vouchercode: 'OTHER' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toHaveProperty('vouchercode');
    const removed = await t.api('POST', '/basket/remove-voucher', { token, body: { vouchercode: second.code } });
    expect(removed.json()).toMatchObject({ voucher_discounts: [], total_excl_tax: 5000 });
  });
});

describe('vouchers as staff manage them', () => {
  it('create, read, change and delete; codes upper-case and unique', async () => {
    const created = await t.api('POST', '/shop/vouchers', {
      token: staffToken,
      body: { name: 'Spring', code: 'spring-5', discount_type: 'fixed', value: 500, start_datetime: '2025-03-01T00:00:00+08:00', end_datetime: '2025-06-01T00:00:00Z', usage_limit: 10, per_user_limit: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const voucher = created.json() as { id: number };
    expect(created.json()).toMatchObject({ code: 'SPRING-5', start_datetime: '2025-02-28T16:00:00.000Z', num_used: 0, range: null });
    expect((await t.api('GET', `/shop/vouchers/${voucher.id}`, { token: staffToken })).json()).toMatchObject({ name: 'Spring' });
    expect((await t.api('GET', '/shop/vouchers', { token: staffToken })).json().count).toBeGreaterThan(0);
    const taken = await t.api('POST', '/shop/vouchers', { token: staffToken, body: { name: 'Again', code: 'SPRING-5', discount_type: 'fixed', value: 1, start_datetime: '2025-03-01T00:00:00Z' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toHaveProperty('code');
    expect((await t.api('PATCH', `/shop/vouchers/${voucher.id}`, { token: staffToken, body: { is_active: false } })).json()).toMatchObject({ is_active: false });
    expect((await t.api('DELETE', `/shop/vouchers/${voucher.id}`, { token: staffToken })).statusCode).toBe(204);
  });

  it('refuses bad voucher input, naming the field', async () => {
    const base = { name: 'V', code: 'BAD-ONE', discount_type: 'percentage', value: 10, start_datetime: '2025-03-01T00:00:00Z' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, value: 101 }, 'value'],
      [{ ...base, value: 0 }, 'value'],
      [{ ...base, code: 'has space' }, 'code'],
      [{ ...base, range: 2147483000 }, 'range'],
      [{ ...base, end_datetime: '2025-02-01T00:00:00Z' }, 'end_datetime'],
      [{ ...base, start_datetime: 'soon' }, 'start_datetime'],
      [{ ...base, discount_type: 'half' }, 'discount_type'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/shop/vouchers', { token: staffToken, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toHaveProperty(field);
    }
  });

  it('answers 403 to users and 401 to guests', async () => {
    const userToken = await tokenFor(t, await createUser(t));
    const voucher = await createVoucher(t);
    const calls: [string, string, unknown?][] = [
      ['GET', '/shop/vouchers'],
      ['POST', '/shop/vouchers', { name: 'V', code: 'GUARD', discount_type: 'fixed', value: 1, start_datetime: '2025-03-01T00:00:00Z' }],
      ['GET', `/shop/vouchers/${voucher.id}`],
      ['PATCH', `/shop/vouchers/${voucher.id}`, { name: 'W' }],
      ['DELETE', `/shop/vouchers/${voucher.id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.api(method as 'GET', path, { token: userToken, body })).statusCode, `${method} ${path}`).toBe(403);
      expect((await t.api(method as 'GET', path, { body })).statusCode, `${method} ${path}`).toBe(401);
    }
  });
});
