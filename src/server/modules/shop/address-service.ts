import { MAX_USER_ADDRESSES, type UserAddress, type UserAddressChanges, type UserAddressWrite } from '../../../shared/api/shop.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { addressesOf, clearDefaults, countAddresses, deleteAddress as removeAddress, findAddress, insertAddress, updateAddress as writeAddress, type AddressRow } from './address-repo.js';
import { countryExists } from './country-service.js';

const toAddress = (r: AddressRow): UserAddress => ({
  id: r.id,
  title: r.title,
  first_name: r.first_name,
  last_name: r.last_name,
  line1: r.line1,
  line2: r.line2,
  line3: r.line3,
  line4: r.line4,
  state: r.state,
  postcode: r.postcode,
  country: r.country,
  phone_number: r.phone_number,
  notes: r.notes,
  is_default_for_shipping: r.is_default_for_shipping === 1,
  is_default_for_billing: r.is_default_for_billing === 1,
  date_created: r.created_at,
  date_updated: r.updated_at,
});

/** An address answers its owner only (staff included: addresses are private); others get 404. */
async function ownAddress(ctx: AppContext, actor: Actor, id: number): Promise<AddressRow> {
  const row = await findAddress(ctx.db.kysely, id);
  if (!row || row.user_id !== actor.id) throw new NotFound('Address');
  return row;
}

async function assertCountry(ctx: AppContext, code: string | undefined): Promise<void> {
  if (code !== undefined && !(await countryExists(ctx.db.kysely, code))) throw Invalid.field('country', 'Unknown country.');
}

export async function listAddresses(ctx: AppContext, actor: Actor): Promise<UserAddress[]> {
  return (await addressesOf(ctx.db.kysely, actor.id)).map(toAddress);
}

export async function getAddress(ctx: AppContext, actor: Actor, id: number): Promise<UserAddress> {
  return toAddress(await ownAddress(ctx, actor, id));
}

export async function createAddress(ctx: AppContext, actor: Actor, input: UserAddressWrite): Promise<UserAddress> {
  await assertCountry(ctx, input.country);
  if ((await countAddresses(ctx.db.kysely, actor.id)) >= MAX_USER_ADDRESSES) throw new Conflict(`You can keep at most ${MAX_USER_ADDRESSES} addresses; delete one first.`);
  const now = nowIso();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const newId = await insertAddress(trx, {
      ...input,
      user_id: actor.id,
      is_default_for_shipping: input.is_default_for_shipping ? 1 : 0,
      is_default_for_billing: input.is_default_for_billing ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    await clearDefaults(trx, actor.id, newId, { shipping: input.is_default_for_shipping, billing: input.is_default_for_billing });
    return newId;
  });
  return getAddress(ctx, actor, id);
}

export async function updateAddress(ctx: AppContext, actor: Actor, id: number, changes: UserAddressChanges): Promise<UserAddress> {
  await ownAddress(ctx, actor, id);
  await assertCountry(ctx, changes.country);
  const { is_default_for_shipping: shipping, is_default_for_billing: billing, ...rest } = changes;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await writeAddress(trx, id, {
      ...rest,
      ...(shipping !== undefined && { is_default_for_shipping: shipping ? 1 : 0 }),
      ...(billing !== undefined && { is_default_for_billing: billing ? 1 : 0 }),
      updated_at: nowIso(),
    });
    await clearDefaults(trx, actor.id, id, { shipping: shipping === true, billing: billing === true });
  });
  return getAddress(ctx, actor, id);
}

export async function deleteAddress(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ownAddress(ctx, actor, id);
  await removeAddress(ctx.db.kysely, id);
}
