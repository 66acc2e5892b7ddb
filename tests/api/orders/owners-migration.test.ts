import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../src/server/db/connection.js';
import { orderOwnersMigration } from '../../../src/server/db/migrations/0026-order-owners.js';
import { migrations } from '../../../src/server/db/migrations/index.js';

/** A new, empty database of the engine under test, migrated up to (not including) 0026. */
async function databaseBefore0026(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  let db: Db;
  let drop: () => Promise<void>;
  if (pgUrl) {
    const name = `lectern_t_m${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    db = createDb(url.toString());
    drop = async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-0026-'));
    db = createDb(`sqlite:${path.join(dir, 'lectern.db')}`);
    drop = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const upTo = migrations.indexOf(orderOwnersMigration);
  const migrator = new Migrator({
    db: db.kysely,
    provider: {
      getMigrations() {
        const entries: Record<string, Migration> = {};
        for (const m of migrations.slice(0, upTo)) entries[m.name] = { up: (trx) => m.up(trx, db.engine) };
        return Promise.resolve(entries);
      },
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { db, drop };
}

const at = '2025-01-02T03:04:05.000Z';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before 0026 is not the typed one
async function addUser(k: Kysely<any>, name: string): Promise<number> {
  const row = await k
    .insertInto('users')
    .values({ username: name, email: `${name}@example.com`, password_hash: null, display_name: name, description: '', avatar: null, mobile: null, role: 'user', email_verified: 0, is_active: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function addOrder(k: Kysely<any>, userId: number, number: string, voucherId: number | null): Promise<number> {
  const order = await k
    .insertInto('orders')
    .values({
      number,
      user_id: userId,
      basket_id: null,
      status: 'paid',
      currency: 'CNY',
      subtotal: 5000,
      discount: 500,
      shipping_charge: 0,
      total: 4500,
      voucher_id: voucherId,
      voucher_code: voucherId === null ? null : 'SAVE10',
      voucher_claimed: voucherId === null ? 0 : 1,
      shipping_method_code: null,
      shipping_method_name: null,
      shipping_address: null,
      payment_method: 'alipay',
      language: 'en',
      reserved_until: null,
      expires_at: at,
      paid_at: at,
      fulfilled_at: null,
      closed_at: null,
      confirmation_sent_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(order.id);
  const line = await k
    .insertInto('order_lines')
    .values({ order_id: id, product_id: null, product_class: 'digital', membership_product_id: null, course_id: null, course_product_id: null, stockrecord_id: null, partner_sku: null, title: `Line of ${number}`, quantity: 1, unit_price: 5000, discount: 500, line_total: 4500, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k.insertInto('order_line_attributes').values({ line_id: line.id, option_id: null, option_code: 'format', value: 'pdf' }).execute();
  const payment = await k
    .insertInto('order_payments')
    .values({ order_id: id, provider: 'alipay', provider_trade_no: `T-${number}`, amount: 4500, currency: 'CNY', outcome: 'paid', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k.insertInto('order_refunds').values({ order_id: id, payment_id: payment.id, amount: 4500, reason: 'test', created_by: null, created_at: at, status: 'succeeded', out_request_no: `R-${number}`, updated_at: at }).execute();
  if (voucherId !== null) await k.insertInto('shop_voucher_usages').values({ voucher_id: voucherId, user_id: userId, reference: `order:${id}`, created_at: at }).execute();
  return id;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
const count = async (k: Kysely<any>, table: string) => Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(k)).rows[0].n);
const TABLES = ['orders', 'order_lines', 'order_line_attributes', 'order_payments', 'order_refunds', 'shop_voucher_usages'];

let before0026: { db: Db; drop: () => Promise<void> };
beforeAll(async () => {
  before0026 = await databaseBefore0026();
});
afterAll(async () => {
  await before0026.drop();
});

describe('0026-order-owners', () => {
  it('keeps every order row through the migration; a deleted account then leaves its orders, payments and voucher uses without an owner', async () => {
    const { db } = before0026;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    const k = db.kysely as unknown as Kysely<any>;
    const buyer = await addUser(k, 'buyer0026');
    const other = await addUser(k, 'other0026');
    const voucher = await k
      .insertInto('shop_vouchers')
      .values({ name: 'Save', code: 'SAVE10', discount_type: 'percentage', value: 10, range_id: null, min_spend: 0, usage_limit: null, per_user_limit: null, num_used: 1, starts_at: at, ends_at: null, is_active: 1, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bought = await addOrder(k, buyer, '100901', Number(voucher.id));
    const kept = await addOrder(k, other, '100902', null);
    const orders = await k.selectFrom('orders').selectAll().orderBy('id').execute();
    const counts = await Promise.all(TABLES.map((table) => count(k, table)));

    await orderOwnersMigration.up(db.kysely as unknown as Kysely<unknown>, db.engine);

    expect(await k.selectFrom('orders').selectAll().orderBy('id').execute()).toEqual(orders);
    expect(await Promise.all(TABLES.map((table) => count(k, table)))).toEqual(counts);
    if (db.engine === 'sqlite') {
      expect((await sql`pragma foreign_key_check`.execute(k)).rows).toEqual([]);
      const indexes = (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null order by name`.execute(k)).rows.map((r) => r.name);
      expect(indexes).toEqual(['orders_basket', 'orders_pending_expiry', 'orders_placed', 'orders_status', 'orders_unconfirmed', 'orders_user', 'orders_voucher']);
      expect((await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = 'shop_voucher_usages_user'`.execute(k)).rows).toHaveLength(1);
    }
    // The order number stays unique.
    await expect(addOrder(k, other, '100902', null)).rejects.toThrow();

    await k.deleteFrom('users').where('id', '=', buyer).execute();
    expect(await k.selectFrom('orders').select(['id', 'user_id']).orderBy('id').execute()).toEqual([
      { id: bought, user_id: null },
      { id: kept, user_id: other },
    ]);
    expect(await Promise.all(TABLES.map((table) => count(k, table)))).toEqual(counts);
    expect(await k.selectFrom('shop_voucher_usages').select(['user_id', 'reference']).execute()).toEqual([{ user_id: null, reference: `order:${bought}` }]);
    // The rows that refer to orders still follow them (the copy kept their foreign keys).
    await k.deleteFrom('orders').where('id', '=', kept).execute();
    expect(await k.selectFrom('order_lines').select('order_id').execute()).toEqual([{ order_id: bought }]);
    expect(await k.selectFrom('order_payments').select('order_id').execute()).toEqual([{ order_id: bought }]);
  });
});
