import type { PageQuery } from '../../../shared/api/common.js';
import { REDEEM_LIMIT_10_MIN, REDEEM_LIMIT_DAY, type GiftCode, type Subscription } from '../../../shared/api/membership.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { takeQuotas, type Rate } from '../../platform/throttle.js';
import { requireStaffActor } from './access.js';
import { generateGiftCode, giftCodeHash, giftCodeHint } from './gift-codes.js';
import {
  countGiftCodes,
  deleteUnusedGiftCode,
  findGiftCode,
  findGiftCodeByHash,
  insertGiftCode,
  listGiftCodes as selectGiftCodes,
  markRedeemed,
  type GiftCodeRow,
  type GiftCodeStatus,
} from './gift-repo.js';
import { findProduct } from './repo.js';
import { grantWithin } from './grant-service.js';
import { getSubscription } from './service.js';

/**
 * Gift codes: staff create them for a product (a plan and a period); a logged-in user redeems one once,
 * before it expires. Codes are stored as keyed hashes and compared without regard to case or dashes.
 */

const statusOf = (row: GiftCodeRow, now: string): GiftCodeStatus => (row.redeemed_at ? 'redeemed' : row.expires_at <= now ? 'expired' : 'unused');

const toGiftCode = (row: GiftCodeRow, now: string): GiftCode => ({
  id: row.id,
  code_hint: row.code_hint,
  product_id: row.product_id,
  membership_slug: row.membership_slug,
  period_unit: row.period_unit,
  period_count: row.period_count,
  expires_at: row.expires_at,
  status: statusOf(row, now),
  redeemed_by: row.redeemed_by,
  redeemed_at: row.redeemed_at,
  created_at: row.created_at,
});

export async function createGiftCodes(
  ctx: AppContext,
  actor: Actor,
  input: { product_id: number; count: number; expires_at: string },
): Promise<(GiftCode & { code: string })[]> {
  requireStaffActor(actor);
  const db = ctx.db.kysely;
  if (!(await findProduct(db, input.product_id))) throw Invalid.field('product_id', 'No such membership product.');
  const now = new Date().toISOString();
  const expiresAt = new Date(input.expires_at).toISOString();
  if (expiresAt <= now) throw Invalid.field('expires_at', 'Use a time in the future.');
  const created = await db.transaction().execute(async (trx) => {
    const out: { id: number; code: string }[] = [];
    for (let i = 0; i < input.count; i += 1) {
      const code = generateGiftCode();
      const id = await insertGiftCode(trx, {
        code_hash: giftCodeHash(ctx.config.secretKey, code),
        code_hint: giftCodeHint(code),
        product_id: input.product_id,
        expires_at: expiresAt,
        redeemed_by: null,
        redeemed_at: null,
        created_by: actor.id,
        created_at: now,
      });
      out.push({ id, code });
    }
    return out;
  });
  const rows = await Promise.all(created.map(async (c) => ({ ...toGiftCode((await findGiftCode(db, c.id))!, now), code: c.code })));
  return rows;
}

export async function listGiftCodes(ctx: AppContext, actor: Actor, query: PageQuery & { status?: GiftCodeStatus }) {
  requireStaffActor(actor);
  const now = new Date().toISOString();
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countGiftCodes(db, query.status, now), selectGiftCodes(db, query.status, now, query.page_size, offsetOf(query))]);
  return { count, results: rows.map((r) => toGiftCode(r, now)) };
}

export async function getGiftCode(ctx: AppContext, actor: Actor, id: number): Promise<GiftCode> {
  requireStaffActor(actor);
  const row = await findGiftCode(ctx.db.kysely, id);
  if (!row) throw new NotFound('Gift code');
  return toGiftCode(row, new Date().toISOString());
}

/** Revokes a code nobody redeemed; a redeemed one stays as the record of its grant. */
export async function revokeGiftCode(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  requireStaffActor(actor);
  const row = await findGiftCode(ctx.db.kysely, id);
  if (!row) throw new NotFound('Gift code');
  if (!(await deleteUnusedGiftCode(ctx.db.kysely, id))) throw new Conflict('This code was redeemed; it stays on record.');
}

const REDEEM_RATES: Rate[] = [
  { limit: REDEEM_LIMIT_10_MIN, windowSeconds: 600 },
  { limit: REDEEM_LIMIT_DAY, windowSeconds: 24 * 3600 },
];

/** A used code: redeemed before, or by a request at the same moment; the one redemption did the work. */
const alreadyUsed = () => new Conflict('This code has been used.', { code: 'This code has been used.' });

/**
 * Redeems a code for the caller: a few tries per user and per address (so codes cannot be guessed), then
 * in one transaction the code is marked used by a conditional update (of redemptions at once one wins) and
 * its period granted with the code as the source. A used code is a 409 "This code has been used.", at once or
 * later, as every write that happens once answers its repeats.
 */
export async function redeemGiftCode(ctx: AppContext, actor: Actor, code: string, request: { ip: string; language: Language }): Promise<Subscription> {
  await takeQuotas(
    ctx.db.kysely,
    [
      { scope: 'gift-redeem:user', subject: String(actor.id), rates: REDEEM_RATES },
      { scope: 'gift-redeem:ip', subject: request.ip, rates: REDEEM_RATES },
    ],
    'Gift codes',
  );
  const row = await findGiftCodeByHash(ctx.db.kysely, giftCodeHash(ctx.config.secretKey, code));
  if (!row) throw Invalid.field('code', 'This code is not valid.');
  const now = new Date();
  const at = now.toISOString();
  if (row.redeemed_at) throw alreadyUsed();
  if (row.expires_at <= at) throw Invalid.field('code', 'This code has expired.');
  const product = (await findProduct(ctx.db.kysely, row.product_id))!;
  const { subscriptionId } = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await markRedeemed(trx, row.id, actor.id, at))) throw alreadyUsed();
    return grantWithin(
      trx,
      {
        userId: actor.id,
        membershipId: product.membership_id,
        productId: product.id,
        periodUnit: product.period_unit,
        periodCount: product.period_count,
        source: 'gift',
        sourceKey: `gift:${row.id}`,
        language: request.language,
        grantedBy: null,
      },
      now,
    );
  });
  return getSubscription(ctx, actor, subscriptionId);
}
