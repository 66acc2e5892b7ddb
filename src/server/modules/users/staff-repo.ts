import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Active accounts with staff rights (staff or superuser). */
export async function countActiveStaff(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', 'in', ['staff', 'superuser'])
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
