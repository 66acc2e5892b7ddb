import { beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../../src/server/modules/orders/payment-service.js';
import type { ProductRemoval } from '../../../src/shared/api/backoffice.js';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ADDRESS, basketOf, checkout, ok, shipsToChina, shopper, type OrderOut } from '../orders/factories.js';
import { createPhysical } from '../shop/factories.js';
import { crew, type Crew } from './helpers.js';

let t: TestApp;
let people: Crew;
let shippingCode: string;

beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  people = await crew(t);
  shippingCode = (await shipsToChina(t)).code;
});

const remove = (id: number, token = people.staff.token) => t.api('POST', backofficePaths.productRemove.replace(':id', String(id)), { token });
const productRow = (id: number) => t.db.kysely.selectFrom('shop_products').select(['id', 'is_public']).where('id', '=', id).executeTakeFirst();

describe('removing a product', () => {
  it('deletes a product no order or basket holds', async () => {
    const { product } = await createPhysical(t);
    expect(ok<ProductRemoval>(await remove(product.id)).outcome).toBe('deleted');
    expect(await productRow(product.id)).toBeUndefined();
    expect((await remove(product.id)).statusCode).toBe(404);
  });

  it('archives a product a paid order bought: withdrawn from sale, kept for the order', async () => {
    const { product } = await createPhysical(t);
    const buyer = await shopper(t);
    const basket = await basketOf(t, buyer.token, [{ product: product.id }]);
    const o = ok<OrderOut>(await checkout(t, buyer.token, { basket, shipping_address: ADDRESS, shipping_method_code: shippingCode }), 201);
    await markOrderPaid(t.app.ctx, { provider: 'dev', providerTradeNo: `dev-${o.number}`, orderNumber: o.number, amount: o.total_incl_tax });
    expect(ok<ProductRemoval>(await remove(product.id)).outcome).toBe('archived');
    expect(await productRow(product.id)).toEqual({ id: product.id, is_public: 0 });
    // Readers no longer find it; the order still names it.
    expect((await t.api('GET', `/products/${product.id}`)).statusCode).toBe(404);
    expect(ok<OrderOut>(await t.api('GET', `/orders/${o.id}`, { token: buyer.token })).lines[0].product).toBe(product.id);
  });

  it('archives a product a basket holds, as the shop refuses to delete it', async () => {
    const { product } = await createPhysical(t);
    const buyer = await shopper(t);
    await basketOf(t, buyer.token, [{ product: product.id }]);
    expect(ok<ProductRemoval>(await remove(product.id)).outcome).toBe('archived');
    expect((await productRow(product.id))?.is_public).toBe(0);
  });
});
