import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, tokenFor } from '../helpers/factories.js';
import { createPhysical } from './factories.js';

let t: TestApp;
let token: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  userId = user.id;
  token = await tokenFor(t, user);
});

const quantities = async () => ((await t.api('GET', '/basket', { token })).json() as { lines: { product: number; quantity: number }[] }).lines.map((l) => [l.product, l.quantity]);

describe('basket changes with an operation id (Idempotency-Key)', () => {
  it('a replay changes nothing and answers what the first answered', async () => {
    const { product } = await createPhysical(t, { stock: 3 });
    const headers = { 'idempotency-key': 'op-add-1' };
    const first = await t.api('POST', '/basket/add-product', { token, headers, body: { product: product.id, quantity: 5 } });
    expect(first.statusCode).toBe(200);
    expect(first.json().corrections).toMatchObject([{ code: 'quantity_clamped', old_value: 5, new_value: 3 }]);
    // The catalogue changes between the two sends: the replay still answers the stored answer.
    await t.db.kysely.updateTable('shop_stock_records').set({ price: 1 }).where('product_id', '=', product.id).execute();
    const again = await t.api('POST', '/basket/add-product', { token, headers, body: { quantity: 5, product: product.id } });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await quantities()).toEqual([[product.id, 3]]);
  });

  it('replays line changes and deletions, including their status', async () => {
    const { product } = await createPhysical(t, { stock: 50 });
    const basket = (await t.api('POST', '/basket/add-product', { token, body: { product: product.id, quantity: 1 } })).json() as { id: number; lines: { id: number; product: number }[] };
    const line = basket.lines.find((l) => l.product === product.id)!;
    const created = await t.api('POST', `/baskets/${basket.id}/lines`, { token, headers: { 'idempotency-key': 'op-line-post' }, body: { product: product.id, quantity: 2 } });
    const replayed = await t.api('POST', `/baskets/${basket.id}/lines`, { token, headers: { 'idempotency-key': 'op-line-post' }, body: { product: product.id, quantity: 2 } });
    expect(created.statusCode).toBe(201);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.body).toBe(created.body);
    expect((await t.api('GET', `/baskets/${basket.id}/lines/${line.id}`, { token })).json().quantity).toBe(3);

    const del = await t.api('DELETE', `/baskets/${basket.id}/lines/${line.id}`, { token, headers: { 'idempotency-key': 'op-line-del' } });
    const delAgain = await t.api('DELETE', `/baskets/${basket.id}/lines/${line.id}`, { token, headers: { 'idempotency-key': 'op-line-del' } });
    expect([del.statusCode, delAgain.statusCode]).toEqual([204, 204]);
    // Without the id, the same delete meets a line that is gone.
    expect((await t.api('DELETE', `/baskets/${basket.id}/lines/${line.id}`, { token })).statusCode).toBe(404);
  });

  it('the same id for a different change is a 409 naming the header', async () => {
    const { product } = await createPhysical(t);
    await t.api('POST', '/basket/add-product', { token, headers: { 'idempotency-key': 'op-reused' }, body: { product: product.id, quantity: 1 } });
    const res = await t.api('POST', '/basket/add-product', { token, headers: { 'idempotency-key': 'op-reused' }, body: { product: product.id, quantity: 2 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('idempotency-key');
  });

  it('ids belong to their user: another user’s same id is their own change', async () => {
    const { product } = await createPhysical(t);
    const other = await tokenFor(t, await createUser(t));
    await t.api('POST', '/basket/add-product', { token, headers: { 'idempotency-key': 'op-shared' }, body: { product: product.id } });
    const theirs = await t.api('POST', '/basket/add-product', { token: other, headers: { 'idempotency-key': 'op-shared' }, body: { product: product.id } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().lines).toMatchObject([{ product: product.id, quantity: 1 }]);
  });

  it('two sends of one id at the same moment make one change', async () => {
    const { product } = await createPhysical(t, { stock: 50 });
    const send = () => t.api('POST', '/basket/add-product', { token, headers: { 'idempotency-key': 'op-race' }, body: { product: product.id, quantity: 2 } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.body).toBe(b.body);
    expect((await quantities()).find(([p]) => p === product.id)).toEqual([product.id, 2]);
    const stored = await t.db.kysely.selectFrom('shop_basket_ops').selectAll().where('user_id', '=', userId).where('op_id', '=', 'op-race').execute();
    expect(stored).toHaveLength(1);
  });

  it('a failed change stores nothing, so a corrected send goes through', async () => {
    const res = await t.api('POST', '/basket/add-voucher', { token, headers: { 'idempotency-key': 'op-fail' }, body: { vouchercode: 'NOPE' } });
    expect(res.statusCode).toBe(400);
    expect(await t.db.kysely.selectFrom('shop_basket_ops').selectAll().where('op_id', '=', 'op-fail').execute()).toEqual([]);
  });

  it('refuses a malformed id, naming the header', async () => {
    const res = await t.api('POST', '/basket/add-product', { token, headers: { 'idempotency-key': 'has space' }, body: { product: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('idempotency-key');
  });
});
