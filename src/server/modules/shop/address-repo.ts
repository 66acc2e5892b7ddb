import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ShopUserAddressesTable } from '../../db/shop-types.js';

/** SQL of user addresses. */

export function addressesOf(db: Kysely<Database>, userId: number) {
  return db.selectFrom('shop_user_addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function findAddress(db: Kysely<Database>, id: number) {
  return db.selectFrom('shop_user_addresses').selectAll().where('id', '=', id).executeTakeFirst();
}

export type AddressRow = NonNullable<Awaited<ReturnType<typeof findAddress>>>;

export async function countAddresses(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('shop_user_addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertAddress(db: Kysely<Database>, values: Insertable<ShopUserAddressesTable>): Promise<number> {
  return (await db.insertInto('shop_user_addresses').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateAddress(db: Kysely<Database>, id: number, values: Updateable<ShopUserAddressesTable>): Promise<void> {
  await db.updateTable('shop_user_addresses').set(values).where('id', '=', id).execute();
}

export async function deleteAddress(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('shop_user_addresses').where('id', '=', id).execute();
}

/** A user has one default shipping and one default billing address: setting one clears the others. */
export async function clearDefaults(db: Kysely<Database>, userId: number, exceptId: number, which: { shipping: boolean; billing: boolean }): Promise<void> {
  if (which.shipping) {
    await db.updateTable('shop_user_addresses').set({ is_default_for_shipping: 0 }).where('user_id', '=', userId).where('id', '!=', exceptId).execute();
  }
  if (which.billing) {
    await db.updateTable('shop_user_addresses').set({ is_default_for_billing: 0 }).where('user_id', '=', userId).where('id', '!=', exceptId).execute();
  }
}
