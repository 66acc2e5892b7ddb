import type { LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../../../src/server/db/types.js';
import type { TestApp } from '../helpers/app.js';
import { createUser, tokenFor } from '../helpers/factories.js';
import { createShippingMethod } from '../shop/factories.js';

export interface Person {
  user: UserRow;
  token: string;
}

let seq = 0;
/** A key unique to this run, for the `Idempotency-Key` header. */
export const newKey = () => `k-${process.pid}-${Date.now().toString(36)}-${(seq += 1)}`;

export async function shopper(t: TestApp): Promise<Person> {
  const user = await createUser(t);
  return { user, token: await tokenFor(t, user) };
}

export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export interface OrderOut {
  id: number;
  number: string;
  user: number;
  status: string;
  title: string;
  total_incl_tax: number;
  total_discount: number;
  shipping_incl_tax: number;
  total_excl_tax_excl_discounts: number;
  voucher_code: string | null;
  reserved_until: string | null;
  expires_at: string;
  can_pay: boolean;
  shipping_address: Record<string, string> | null;
  lines: { id: number; product: number | null; title: string; quantity: number; unit_price_incl_tax: number; line_price_incl_tax: number; discount: number; stockrecord: number | null; attributes: { id: number; value: string }[]; download_url: string | null }[];
}

/** The caller's open basket filled with the given products; answers its id. */
export async function basketOf(t: TestApp, token: string, items: { product: number; quantity?: number }[]): Promise<number> {
  let id = 0;
  for (const item of items) {
    id = ok<{ id: number }>(await t.api('POST', '/basket/add-product', { token, body: { product: item.product, quantity: item.quantity ?? 1 } })).id;
  }
  return id;
}

export const ADDRESS = { first_name: 'Li', last_name: 'Wei', line1: '1 Reading Road', line4: 'Shanghai', postcode: '200000', country: 'CN', phone_number: '+86 21 5555 0000' };

/** A shipping method that ships to China for 1000. */
export const shipsToChina = (t: TestApp, overrides: Parameters<typeof createShippingMethod>[1] = {}) => createShippingMethod(t, { charge: 1000, ...overrides }, [{ country: 'CN', charge: null }]);

export async function stockOf(t: TestApp, recordId: number) {
  return t.db.kysely.selectFrom('shop_stock_records').select(['num_in_stock', 'num_allocated']).where('id', '=', recordId).executeTakeFirstOrThrow();
}

export function checkout(t: TestApp, token: string, body: Record<string, unknown>, key?: string) {
  return t.api('POST', '/checkout', { token, body: { payment_method: 'dev', ...body }, headers: key ? { 'idempotency-key': key } : {} });
}
