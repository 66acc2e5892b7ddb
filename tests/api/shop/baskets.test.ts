import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../src/server/db/types.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { createOtherProduct, createPhysical } from './factories.js';

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
});

async function shopper(): Promise<{ user: UserRow; token: string }> {
  const user = await createUser(t);
  return { user, token: await tokenFor(t, user) };
}

interface BasketBody {
  id: number;
  lines: { id: number; product: number; quantity: number; unit_price: number; price_excl_tax: number; attributes: { id: number; value: string }[]; warning: string | null }[];
  total_excl_tax: number;
  order_total: number;
  corrections: { code: string; line: number | null; old_value: number | null; new_value: number | null; message: string }[];
}

describe('the caller’s basket', () => {
  it('needs a login', async () => {
    expect((await t.api('GET', '/basket')).statusCode).toBe(401);
    expect((await t.api('POST', '/basket/add-product', { body: { product: 1 } })).statusCode).toBe(401);
  });

  it('is created on first use, once', async () => {
    const { user, token } = await shopper();
    const first = await t.api('GET', '/basket', { token });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const basket = first.json() as BasketBody;
    expect(basket).toMatchObject({ owner: user.id, status: 'open', lines: [], total_excl_tax: 0, order_total: 0, currency: 'CNY', corrections: [] });
    expect(((await t.api('GET', '/basket', { token })).json() as BasketBody).id).toBe(basket.id);
  });

  it('adds products, merges the same product into its line and totals the lines', async () => {
    const { token } = await shopper();
    const a = await createPhysical(t, { price: 5000 });
    const b = await createOtherProduct(t, 'digital', { price: 1900 });
    await t.api('POST', '/basket/add-product', { token, body: { product: a.product.id, quantity: 1 } });
    await t.api('POST', '/basket/add-product', { token, body: { product: a.product.id, quantity: 2 } });
    const res = await t.api('POST', '/basket/add-product', { token, body: { product: b.id } });
    expect(res.statusCode, res.body).toBe(200);
    const basket = res.json() as BasketBody;
    expect(basket.lines.map((l) => [l.product, l.quantity, l.price_excl_tax])).toEqual([
      [a.product.id, 3, 15000],
      [b.id, 1, 1900],
    ]);
    expect(basket).toMatchObject({ total_excl_tax: 16900, total_incl_tax: 16900, total_tax: 0, shipping_required: true, order_total: 16900 });
  });

  it('clamps a quantity above stock with a correction, and removes a sold-out product', async () => {
    const { token } = await shopper();
    const few = await createPhysical(t, { stock: 5, allocated: 2 });
    const added = (await t.api('POST', '/basket/add-product', { token, body: { product: few.product.id, quantity: 7 } })).json() as BasketBody;
    expect(added.lines[0].quantity).toBe(3);
    expect(added.corrections).toMatchObject([{ code: 'quantity_clamped', line: added.lines[0].id, old_value: 7, new_value: 3 }]);
    expect(added.corrections[0].message).toContain('Only 3');

    const none = await createPhysical(t, { stock: 0 });
    const soldOut = (await t.api('POST', '/basket/add-product', { token, body: { product: none.product.id, quantity: 1 } })).json() as BasketBody;
    expect(soldOut.lines.map((l) => l.product)).toEqual([few.product.id]);
    expect(soldOut.corrections).toMatchObject([{ code: 'out_of_stock', old_value: 1, new_value: 0 }]);
  });

  it('keeps one copy of a membership or digital product', async () => {
    const { token } = await shopper();
    const plan = await createMembershipProduct(t, { price: 3000 });
    const membership = await createOtherProduct(t, 'membership', { membership_product_id: plan.id });
    const basket = (await t.api('POST', '/basket/add-product', { token, body: { product: membership.id, quantity: 2 } })).json() as BasketBody;
    expect(basket.lines[0]).toMatchObject({ quantity: 1, unit_price: 3000 });
    expect(basket.corrections).toMatchObject([{ code: 'quantity_clamped', old_value: 2, new_value: 1 }]);
    expect(basket).toMatchObject({ shipping_required: false });
  });

  it('reports a price change, a withdrawn product and stock sold elsewhere when the basket is read', async () => {
    const { token } = await shopper();
    const priced = await createPhysical(t, { price: 5000 });
    const withdrawn = await createPhysical(t);
    const scarce = await createPhysical(t, { stock: 5 });
    for (const p of [priced, withdrawn]) await t.api('POST', '/basket/add-product', { token, body: { product: p.product.id } });
    await t.api('POST', '/basket/add-product', { token, body: { product: scarce.product.id, quantity: 4 } });

    await t.db.kysely.updateTable('shop_stock_records').set({ price: 5500 }).where('id', '=', priced.record.id).execute();
    await t.db.kysely.updateTable('shop_products').set({ is_public: 0 }).where('id', '=', withdrawn.product.id).execute();
    await t.db.kysely.updateTable('shop_stock_records').set({ num_allocated: 3 }).where('id', '=', scarce.record.id).execute();

    const read = (await t.api('GET', '/basket', { token })).json() as BasketBody;
    expect(read.corrections.map((c) => [c.code, c.old_value, c.new_value])).toEqual([
      ['price_changed', 5000, 5500],
      ['product_withdrawn', null, null],
      ['quantity_clamped', 4, 2],
    ]);
    expect(read.lines.map((l) => [l.product, l.quantity, l.unit_price])).toEqual([
      [priced.product.id, 1, 5500],
      [scarce.product.id, 2, 5000],
    ]);
    expect(read.total_excl_tax).toBe(15500);
    // Reported once: the basket now matches the catalogue.
    expect(((await t.api('GET', '/basket', { token })).json() as BasketBody).corrections).toEqual([]);
  });

  it('reading lines or shipping methods does not swallow a correction the basket answer must report', async () => {
    const { token } = await shopper();
    const { product, record } = await createPhysical(t, { price: 5000 });
    const basket = (await t.api('POST', '/basket/add-product', { token, body: { product: product.id } })).json() as BasketBody;
    await t.db.kysely.updateTable('shop_stock_records').set({ price: 4500 }).where('id', '=', record.id).execute();
    const lines = (await t.api('GET', `/baskets/${basket.id}/lines`, { token })).json() as BasketBody['lines'];
    expect(lines[0]).toMatchObject({ unit_price: 4500, warning: 'The price is now 45.00 CNY.' });
    expect((await t.api('GET', `/baskets/${basket.id}/lines/${lines[0].id}`, { token })).json()).toMatchObject({ unit_price: 4500 });
    expect((await t.api('GET', '/basket/shipping-methods', { token })).statusCode).toBe(200);
    const read = (await t.api('GET', '/basket', { token })).json() as BasketBody;
    expect(read.corrections).toMatchObject([{ code: 'price_changed', old_value: 5000, new_value: 4500 }]);
  });

  it('refuses products that are not for sale and bad input, naming the field', async () => {
    const { token } = await shopper();
    const hidden = await createPhysical(t, { is_public: 0 });
    const other = await createPhysical(t);
    const cases: [unknown, string][] = [
      [{ product: hidden.product.id }, 'product'],
      [{ product: 2147483000 }, 'product'],
      [{ product: other.product.id, quantity: 0 }, 'quantity'],
      [{ product: other.product.id, quantity: 100 }, 'quantity'],
      [{ product: other.product.id, stockrecord: hidden.record.id }, 'stockrecord'],
      [{ product: 'x' }, 'product'],
      [{ product: other.product.id, options: [{ option: 2147483000, value: 'x' }] }, 'options'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/basket/add-product', { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toHaveProperty(field);
    }
  });
});

describe('baskets by id, lines and line attributes', () => {
  async function basketWithLine(token: string) {
    const { product } = await createPhysical(t, { stock: 6 });
    const basket = (await t.api('POST', '/basket/add-product', { token, body: { product: product.id, quantity: 2 } })).json() as BasketBody;
    return { basket, line: basket.lines[0], product };
  }

  it('lets the owner and staff reach a basket and its lines; anyone else gets 404', async () => {
    const owner = await shopper();
    const stranger = await shopper();
    const { basket, line } = await basketWithLine(owner.token);
    expect((await t.api('GET', `/baskets/${basket.id}`, { token: owner.token })).statusCode).toBe(200);
    expect((await t.api('GET', `/baskets/${basket.id}`, { token: staffToken })).statusCode).toBe(200);
    const theirs: [string, string, unknown?][] = [
      ['GET', `/baskets/${basket.id}`],
      ['PATCH', `/baskets/${basket.id}`, { shipping_country: 'CN' }],
      ['PUT', `/baskets/${basket.id}`, { shipping_country: null, shipping_method: null }],
      ['DELETE', `/baskets/${basket.id}`],
      ['GET', `/baskets/${basket.id}/lines`],
      ['POST', `/baskets/${basket.id}/lines`, { product: line.product }],
      ['GET', `/baskets/${basket.id}/lines/${line.id}`],
      ['PUT', `/baskets/${basket.id}/lines/${line.id}`, { quantity: 1 }],
      ['PATCH', `/baskets/${basket.id}/lines/${line.id}`, { quantity: 1 }],
      ['DELETE', `/baskets/${basket.id}/lines/${line.id}`],
    ];
    for (const [method, path, body] of theirs) {
      expect((await t.api(method as 'GET', path, { token: stranger.token, body })).statusCode, `${method} ${path}`).toBe(404);
      expect((await t.api(method as 'GET', path, { body })).statusCode, `${method} ${path}`).toBe(401);
    }
    // Nothing changed for the owner.
    const after = (await t.api('GET', `/baskets/${basket.id}`, { token: owner.token })).json() as BasketBody;
    expect(after.lines.map((l) => l.quantity)).toEqual([2]);
  });

  it('lists baskets: a user their own, staff everyone’s', async () => {
    const a = await shopper();
    const b = await shopper();
    const basketA = (await basketWithLine(a.token)).basket;
    const basketB = (await basketWithLine(b.token)).basket;
    const own = (await t.api('GET', '/baskets', { token: a.token })).json() as { count: number; results: { id: number; num_lines: number }[] };
    expect(own.results).toEqual([expect.objectContaining({ id: basketA.id, num_lines: 1, status: 'open' })]);
    const forbidden = await t.api('GET', '/baskets', { token: a.token, query: { owner: String(b.user.id) } });
    expect(forbidden.statusCode).toBe(403);
    const staff = (await t.api('GET', '/baskets', { token: staffToken, query: { owner: String(b.user.id) } })).json() as { results: { id: number }[] };
    expect(staff.results.map((r) => r.id)).toEqual([basketB.id]);
  });

  it('changes, clamps and removes lines', async () => {
    const { token } = await shopper();
    const { basket, line } = await basketWithLine(token);
    const path = `/baskets/${basket.id}/lines/${line.id}`;
    const put = await t.api('PUT', path, { token, body: { quantity: 4 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: line.id, quantity: 4, corrections: [] });
    const clamped = await t.api('PATCH', path, { token, body: { quantity: 9 } });
    expect(clamped.json()).toMatchObject({ quantity: 6, corrections: [{ code: 'quantity_clamped', old_value: 9, new_value: 6 }] });
    expect((await t.api('GET', path, { token })).json()).toMatchObject({ quantity: 6, price_excl_tax: 30000 });
    const badPut = await t.api('PUT', path, { token, body: {} });
    expect(badPut.statusCode).toBe(400);
    expect(badPut.json().fields).toHaveProperty('quantity');

    const other = await createPhysical(t);
    const created = await t.api('POST', `/baskets/${basket.id}/lines`, { token, body: { product: other.product.id, quantity: 2 } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ product: other.product.id, quantity: 2 });
    expect((await t.api('GET', `/baskets/${basket.id}/lines`, { token })).json()).toHaveLength(2);

    const gone = await createPhysical(t, { stock: 0 });
    const refused = await t.api('POST', `/baskets/${basket.id}/lines`, { token, body: { product: gone.product.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toHaveProperty('quantity');

    expect((await t.api('DELETE', path, { token })).statusCode).toBe(204);
    expect((await t.api('GET', path, { token })).statusCode).toBe(404);
  });

  it('keeps option values as line attributes, one line per set of values', async () => {
    const { token } = await shopper();
    const stranger = await shopper();
    const option = (await t.api('POST', '/options', { token: staffToken, body: { name: 'Gift message', code: `gift-${Date.now()}` } })).json() as { id: number };
    const required = (await t.api('POST', '/options', { token: staffToken, body: { name: 'Year', code: `year-${Date.now()}`, type: 'integer', required: true } })).json() as { id: number };
    const { product } = await createPhysical(t);
    await t.api('PATCH', `/products/${product.id}`, { token: staffToken, body: { option_ids: [option.id, required.id] } });

    const missing = await t.api('POST', '/basket/add-product', { token, body: { product: product.id, options: [{ option: option.id, value: 'Hi' }] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('required');
    const wrongType = await t.api('POST', '/basket/add-product', { token, body: { product: product.id, options: [{ option: required.id, value: 'soon' }] } });
    expect(wrongType.json().fields).toHaveProperty('options');

    await t.api('POST', '/basket/add-product', { token, body: { product: product.id, options: [{ option: option.id, value: 'Hi' }, { option: required.id, value: '2025' }] } });
    const basket = (await t.api('POST', '/basket/add-product', { token, body: { product: product.id, options: [{ option: required.id, value: '2026' }] } })).json() as BasketBody;
    expect(basket.lines).toHaveLength(2);
    const [first, second] = basket.lines;
    const attribute = first.attributes.find((a) => a.value === '2025')!;
    const path = `/baskets/${basket.id}/lines/${first.id}/lineattributes/${attribute.id}`;
    expect((await t.api('GET', path, { token })).json()).toMatchObject({ id: attribute.id, line: first.id, option: required.id, value: '2025' });
    expect((await t.api('GET', path, { token: stranger.token })).statusCode).toBe(404);
    expect((await t.api('PATCH', path, { token: stranger.token, body: { value: '2030' } })).statusCode).toBe(404);

    const changed = await t.api('PUT', path, { token, body: { value: '2027' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ value: '2027' });
    const badValue = await t.api('PATCH', path, { token, body: { value: 'later' } });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().fields).toHaveProperty('value');
    // The second line has no gift message and 2026: giving the first those values would make two equal lines.
    const secondAttr = second.attributes[0];
    expect(secondAttr.value).toBe('2026');
    const giftAttr = first.attributes.find((a) => a.value === 'Hi')!;
    await t.api('PATCH', `/baskets/${basket.id}/lines/${first.id}/lineattributes/${giftAttr.id}`, { token, body: { value: '' } });
    const clash = await t.api('PATCH', path, { token, body: { value: '2026' } });
    expect(clash.statusCode).toBe(409);
  });

  it('lets the lines of one product (one per set of options) hold together no more than its stock', async () => {
    const { token } = await shopper();
    const option = (await t.api('POST', '/options', { token: staffToken, body: { name: 'Gift message', code: `gift-stock-${Date.now()}` } })).json() as { id: number };
    const { product } = await createPhysical(t, { stock: 16 });
    await t.api('PATCH', `/products/${product.id}`, { token: staffToken, body: { option_ids: [option.id] } });
    const add = (value: string | null, quantity: number) =>
      t.api('POST', '/basket/add-product', { token, body: { product: product.id, quantity, ...(value === null ? {} : { options: [{ option: option.id, value }] }) } });
    await add('Hello', 10);
    // 10 + 6 fill the stock of 16; a third line has nothing left and goes, each with a notice.
    const two = (await add('y', 10)).json() as BasketBody;
    expect(two.corrections.map((c) => [c.code, c.old_value, c.new_value])).toEqual([['quantity_clamped', 10, 6]]);
    const basket = (await add(null, 5)).json() as BasketBody;
    expect(basket.lines.map((l) => l.quantity)).toEqual([10, 6]);
    expect(basket.corrections.map((c) => [c.code, c.old_value, c.new_value])).toEqual([['quantity_clamped', 5, 0]]);
    // Raising a line past what its siblings leave comes back down.
    const second = basket.lines[1];
    const raised = (await t.api('PATCH', `/baskets/${basket.id}/lines/${second.id}`, { token, body: { quantity: 16 } })).json() as { quantity: number };
    expect(raised.quantity).toBe(6);
    const now = (await t.api('GET', '/basket', { token })).json() as BasketBody;
    expect(now.lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(16);
  });

  it('deletes a basket; the next basket call opens a new one', async () => {
    const { token } = await shopper();
    const { basket } = await basketWithLine(token);
    expect((await t.api('DELETE', `/baskets/${basket.id}`, { token })).statusCode).toBe(204);
    expect((await t.api('GET', `/baskets/${basket.id}`, { token })).statusCode).toBe(404);
    const fresh = (await t.api('GET', '/basket', { token })).json() as BasketBody;
    expect(fresh.id).not.toBe(basket.id);
    expect(fresh.lines).toEqual([]);
  });

  it('refuses changes to a basket that is no longer open', async () => {
    const { token } = await shopper();
    const { basket, line } = await basketWithLine(token);
    await t.db.kysely.updateTable('shop_baskets').set({ status: 'frozen' }).where('id', '=', basket.id).execute();
    expect((await t.api('PATCH', `/baskets/${basket.id}/lines/${line.id}`, { token, body: { quantity: 1 } })).statusCode).toBe(409);
    expect((await t.api('GET', `/baskets/${basket.id}`, { token })).json()).toMatchObject({ status: 'frozen' });
  });
});
