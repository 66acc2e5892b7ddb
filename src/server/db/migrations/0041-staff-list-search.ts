import { sql, type Kysely } from 'kysely';
import type { LecternMigration } from './index.js';

/**
 * The staff's user search (`q`: the start of a username, e-mail or display name, whatever its case) reads an
 * index per column instead of every account. SQLite: its LIKE already ignores ASCII case, as its `lower()` only
 * folds ASCII, so the search compares the columns themselves on indexes in the NOCASE collation, which SQLite's
 * LIKE optimisation reads as ranges. PostgreSQL: `lower(column) collate "C" LIKE 'prefix%'` reads an expression
 * index in the "C" collation, which serves a prefix whatever the database's collation (LIKE means the same in
 * any deterministic collation), and leaves `lower(username) = ...` (logins) to `users_username_lower`.
 *
 * The staff's orders list filtered by status and payment method at once (the list page offers both) counts and
 * pages on one index of both, newest first, instead of walking every order of that status.
 */
export const staffListSearchMigration: LecternMigration = {
  name: '0041-staff-list-search',
  async up(db: Kysely<unknown>, engine) {
    for (const column of ['username', 'email', 'display_name']) {
      const name = sql.raw(`users_${column}_prefix`);
      const ref = sql.ref(column);
      if (engine === 'postgres') await sql`create index ${name} on users ((lower(${ref}) collate "C"))`.execute(db);
      else await sql`create index ${name} on users (${ref} collate nocase)`.execute(db);
    }
    await db.schema.createIndex('orders_status_payment').on('orders').columns(['status', 'payment_method', 'id']).execute();
  },
};
