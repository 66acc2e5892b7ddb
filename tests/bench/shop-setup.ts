import { startSession } from '../../src/server/modules/auth/service.js';
import { withBenchApp } from './bench-app.js';

/**
 * The shoppers and stock of the shop rows, written into the bench's data folder before the server starts:
 * `USERS` accounts with a real session each (an access token, as after login; no password, so nobody can log
 * in to them), and `PRODUCTS` books with a million units each, so no add-to-basket or checkout is refused for
 * stock during a run. The server later reads the same database and the same generated secrets.
 */

const USERS = 400;
const PRODUCTS = 40;
const STOCK = 1_000_000;

export interface ShopBench {
  /** One bearer token per shopper. */
  tokens: string[];
  /** The books in stock. */
  products: number[];
  /** A shipping method that serves `address.country`, for checkout. */
  shippingCode: string;
  address: Record<string, string>;
}

export async function prepareShop(env: NodeJS.ProcessEnv): Promise<ShopBench> {
  return withBenchApp(env, async (app, db) => {
    const k = db.kysely;
    const now = new Date().toISOString();
    const stamp = Date.now().toString(36);
    const users = await k
      .insertInto('users')
      .values(
        Array.from({ length: USERS }, (_, i) => ({
          username: `shopper${stamp}${i}`,
          email: `shopper${stamp}${i}@bench.example`,
          password_hash: null,
          display_name: `Shopper ${i}`,
          description: '',
          avatar: null,
          mobile: null,
          role: 'user' as const,
          email_verified: 1 as const,
          is_active: 1 as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const tokens: string[] = [];
    for (const u of users) tokens.push((await startSession(app.ctx, u.id)).access);

    const products: number[] = [];
    for (let i = 0; i < PRODUCTS; i += 1) {
      const product = await k
        .insertInto('shop_products')
        .values({
          product_class: 'physical',
          title: `Bench edition ${i + 1}`,
          slug: `bench-edition-${stamp}-${i + 1}`,
          upc: null,
          description: `A book kept in stock for the benchmark (${i + 1}).`,
          image: null,
          category_id: null,
          membership_product_id: null,
          price: null,
          is_public: 1,
          is_banner: 0,
          sort_order: 100 + i,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k
        .insertInto('shop_stock_records')
        .values({ product_id: product.id, partner_sku: `BENCH-${stamp}-${i + 1}`, price: 2000 + 100 * i, num_in_stock: STOCK, num_allocated: 0, created_at: now, updated_at: now })
        .execute();
      products.push(product.id);
    }

    const method = await k
      .selectFrom('shop_shipping_methods as m')
      .innerJoin('shop_shipping_method_countries as c', 'c.method_id', 'm.id')
      .select(['m.code', 'c.country'])
      .where('m.is_active', '=', 1)
      .orderBy('m.sort_order')
      .executeTakeFirst();
    if (!method) throw new Error('No active shipping method with a country: the demo seed did not make any.');
    const address = { first_name: 'Li', last_name: 'Wei', line1: '1 Reading Road', line4: 'Shanghai', postcode: '200000', country: method.country, phone_number: '+86 21 5555 0000' };
    return { tokens, products, shippingCode: method.code, address };
  });
}
