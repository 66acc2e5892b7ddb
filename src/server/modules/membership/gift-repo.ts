import type { Insertable, Kysely } from 'kysely';
import type { Database, MembershipGiftCodesTable } from '../../db/types.js';

/** SQL of gift codes: listing, creating, redeeming once (a conditional update) and revoking unused ones. */

function giftCodesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('membership_gift_codes as g')
    .innerJoin('membership_products as p', 'p.id', 'g.product_id')
    .innerJoin('memberships as m', 'm.id', 'p.membership_id')
    .selectAll('g')
    .select(['m.slug as membership_slug', 'p.period_unit', 'p.period_count']);
}

export type GiftCodeRow = NonNullable<Awaited<ReturnType<typeof findGiftCode>>>;
export type GiftCodeStatus = 'unused' | 'redeemed' | 'expired';

export function findGiftCode(db: Kysely<Database>, id: number) {
  return giftCodesQuery(db).where('g.id', '=', id).executeTakeFirst();
}

export function findGiftCodeByHash(db: Kysely<Database>, codeHash: string) {
  return giftCodesQuery(db).where('g.code_hash', '=', codeHash).executeTakeFirst();
}

function filteredGiftCodes(db: Kysely<Database>, status: GiftCodeStatus | undefined, now: string) {
  const q = giftCodesQuery(db);
  if (status === 'redeemed') return q.where('g.redeemed_at', 'is not', null);
  if (status === 'unused') return q.where('g.redeemed_at', 'is', null).where('g.expires_at', '>', now);
  if (status === 'expired') return q.where('g.redeemed_at', 'is', null).where('g.expires_at', '<=', now);
  return q;
}

export function listGiftCodes(db: Kysely<Database>, status: GiftCodeStatus | undefined, now: string, limit: number, offset: number) {
  return filteredGiftCodes(db, status, now).orderBy('g.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countGiftCodes(db: Kysely<Database>, status: GiftCodeStatus | undefined, now: string): Promise<number> {
  const row = await filteredGiftCodes(db, status, now)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertGiftCode(db: Kysely<Database>, values: Insertable<MembershipGiftCodesTable>): Promise<number> {
  const row = await db.insertInto('membership_gift_codes').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the code redeemed only if it is unused and unexpired: of two racing redemptions one wins. */
export async function markRedeemed(db: Kysely<Database>, id: number, userId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('membership_gift_codes')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('id', '=', id)
    .where('redeemed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteUnusedGiftCode(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('membership_gift_codes').where('id', '=', id).where('redeemed_at', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
