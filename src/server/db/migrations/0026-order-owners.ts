import { sql, type Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * An order outlives its buyer's account: `orders.user_id` becomes nullable and is set to null when the account
 * is deleted (it cascaded before, and with it the order's lines, payments and refunds, the shop's money
 * records). The account's deletion cancels its pending orders first (users and orders services), so their
 * stock and voucher uses go back; a payment arriving later still finds its order and is recorded for refund.
 * `shop_voucher_usages.user_id` follows, so a voucher's uses keep matching its `num_used`. Logins match a
 * username whatever its case, on an index of `lower(username)`.
 */

interface Copied {
  table: string;
  /** The column as the earlier migration made it, and as it becomes. */
  from: RegExp;
  to: string;
}

const tables: Copied[] = [
  { table: 'orders', from: /"user_id" integer not null references "users" \("id"\) on delete cascade/i, to: '"user_id" integer references "users" ("id") on delete set null' },
  { table: 'shop_voucher_usages', from: /"user_id" integer not null references "users" \("id"\) on delete cascade/i, to: '"user_id" integer references "users" ("id") on delete set null' },
];

export const orderOwnersMigration: LecternMigration = {
  name: '0026-order-owners',
  async up(db: Kysely<unknown>, engine) {
    if (engine === 'postgres') {
      for (const { table } of tables) {
        await sql`alter table ${sql.table(table)} alter column user_id drop not null`.execute(db);
        await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_user_id_fkey`)}`.execute(db);
        await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_user_id_fkey`)} foreign key (user_id) references users (id) on delete set null`.execute(db);
      }
      await sql`create index users_username_lower on users (lower(username))`.execute(db);
      return;
    }
    // SQLite changes a column's constraint by copying the table. Foreign keys are off meanwhile (migrations run
    // outside a transaction here), so dropping the old orders table cascades to none of the lines, reservations,
    // payments and refunds that refer to its rows: they refer to it by name and find the copy once it is renamed.
    const copies: { table: string; create: string; indexes: string[] }[] = [];
    for (const { table, from, to } of tables) {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
      const created = rows[0]?.sql ?? '';
      if (!from.test(created)) throw new Error(`0026-order-owners: the ${table} table is not as its migration made it`);
      const head = new RegExp(`^create table "${table}"`, 'i');
      // The table's own indexes (not those SQLite makes for its unique constraints), made again on the copy.
      const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null order by name`.execute(db);
      copies.push({ table, create: created.replace(head, `create table "${table}_next"`).replace(from, to), indexes: indexes.rows.map((r) => r.sql) });
    }
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await sql`begin`.execute(db);
      for (const { table, create, indexes } of copies) {
        await sql.raw(create).execute(db);
        await sql`insert into ${sql.table(`${table}_next`)} select * from ${sql.table(table)}`.execute(db);
        await sql`drop table ${sql.table(table)}`.execute(db);
        await sql`alter table ${sql.table(`${table}_next`)} rename to ${sql.table(table)}`.execute(db);
        for (const index of indexes) await sql.raw(index).execute(db);
      }
      await sql`create index users_username_lower on users (lower(username))`.execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('0026-order-owners: the copied orders break a foreign key');
      await sql`commit`.execute(db);
    } catch (err) {
      await sql`rollback`.execute(db).catch(() => undefined);
      throw err;
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  },
};
