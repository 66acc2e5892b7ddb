import { createHash, timingSafeEqual } from 'node:crypto';
import { FINGERPRINTS_PER_IP_HOUR } from '../../../shared/api/guest.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden, NotFound, Unauthorized } from '../../platform/errors.js';
import { takeQuotas } from '../../platform/throttle.js';
import { meteredReads, mergeGuestReads } from '../membership/service.js';
import {
  findFingerprint,
  findFingerprintById,
  guestCount,
  insertFingerprint,
  raiseGuestCount,
  raiseUserCount,
  touchFingerprint,
  userCount,
  type FingerprintRow,
} from './repo.js';

/**
 * Guests and their fingerprints (SPEC section 7). The server is the authority: the address is the
 * request's, a fingerprint is tied only to the caller's own account, and view counts never go down. A
 * view count is the larger of what the client reported this month and the premium reads the meter counted.
 */
export interface FingerprintView {
  id: number;
  userfinger: string;
  user_id: number | null;
  created_at: string;
}

const toView = (row: FingerprintRow, actor: Actor | null): FingerprintView => ({
  id: row.id,
  userfinger: row.userfinger,
  // Whose device this is stays private: shown only to that user.
  user_id: actor && row.user_id === actor.id ? row.user_id : null,
  created_at: row.created_at,
});

const monthNow = () => new Date().toISOString().slice(0, 7);

export async function getFingerprint(ctx: AppContext, actor: Actor | null, userfinger: string): Promise<FingerprintView> {
  const row = await findFingerprint(ctx.db.kysely, userfinger);
  if (!row) throw new NotFound('Fingerprint');
  return toView(row, actor);
}

/**
 * Registers a fingerprint (or sees it again) from the request's address. A `user_id` (0 means none) must
 * be the caller's own; tying it also merges the guest's metered reads of the month into the user's.
 */
export async function registerFingerprint(
  ctx: AppContext,
  actor: Actor | null,
  input: { userfinger: string; user_id?: number | null },
  ip: string,
): Promise<{ created: boolean; fingerprint: FingerprintView }> {
  const userId = input.user_id ? input.user_id : null;
  if (userId !== null) {
    if (!actor) throw new Unauthorized('Log in to tie a fingerprint to your account.');
    if (actor.id !== userId) throw new Forbidden('user_id: A fingerprint can only be tied to your own account.');
  }
  const db = ctx.db.kysely;
  const at = new Date().toISOString();
  let created = false;
  const known = await findFingerprint(db, input.userfinger);
  if (known) {
    await touchFingerprint(db, known.id, ip, userId, at);
  } else {
    await takeQuotas(db, [{ scope: 'fingerprint-new:ip', subject: ip, rates: [{ limit: FINGERPRINTS_PER_IP_HOUR, windowSeconds: 3600 }] }], 'New fingerprints');
    created = await insertFingerprint(db, input.userfinger, ip, userId, at);
    if (!created) {
      const raced = (await findFingerprint(db, input.userfinger))!;
      await touchFingerprint(db, raced.id, ip, userId, at);
    }
  }
  if (userId !== null) await mergeGuestReads(ctx, input.userfinger, userId);
  return { created, fingerprint: toView((await findFingerprint(db, input.userfinger))!, actor) };
}

export interface ViewCount {
  view_count: number;
  month: string;
  limit: number;
}

async function guestView(ctx: AppContext, row: FingerprintRow, ip: string): Promise<ViewCount & { userfinger_id: number }> {
  const month = monthNow();
  const [stored, metered] = await Promise.all([guestCount(ctx.db.kysely, row.id, month), meteredReads(ctx, { fingerprint: row.userfinger, ip })]);
  return { userfinger_id: row.id, view_count: Math.max(stored, metered.count), month, limit: metered.limit };
}

async function fingerprintById(ctx: AppContext, id: number): Promise<FingerprintRow> {
  const row = await findFingerprintById(ctx.db.kysely, id);
  if (!row) throw new NotFound('Fingerprint');
  return row;
}

export async function getGuestViewCount(ctx: AppContext, userfingerId: number, ip: string) {
  return guestView(ctx, await fingerprintById(ctx, userfingerId), ip);
}

/** Whether `given` is the fingerprint's value, compared in constant time (digests are of equal length). */
const sameFingerprint = (row: FingerprintRow, given: string) =>
  timingSafeEqual(createHash('sha256').update(row.userfinger).digest(), createHash('sha256').update(given).digest());

/**
 * Raises the guest's count of the month to `viewCount`; a lower value is ignored and the server's returned.
 * Only the fingerprint's own device may: it must send the fingerprint's value with the id (ids are
 * sequential). Another value answers the same 404 as an unknown id, so ids cannot be probed.
 */
export async function postGuestViewCount(ctx: AppContext, input: { userfinger_id: number; userfinger: string; view_count: number }, ip: string) {
  const row = await findFingerprintById(ctx.db.kysely, input.userfinger_id);
  if (!row || !sameFingerprint(row, input.userfinger)) throw new NotFound('Fingerprint');
  await raiseGuestCount(ctx.db.kysely, row.id, monthNow(), input.view_count, new Date().toISOString());
  return guestView(ctx, row, ip);
}

function requireSelfOrStaff(actor: Actor | null, userId: number): void {
  if (!actor) throw new Unauthorized();
  if (actor.id !== userId && !isStaff(actor)) throw new Forbidden('user_id: You can only see and change your own view count.');
}

async function userView(ctx: AppContext, userId: number): Promise<ViewCount & { user_id: number }> {
  const month = monthNow();
  const [stored, metered] = await Promise.all([userCount(ctx.db.kysely, userId, month), meteredReads(ctx, { userId })]);
  return { user_id: userId, view_count: Math.max(stored, metered.count), month, limit: metered.limit };
}

export async function getUserViewCount(ctx: AppContext, actor: Actor | null, userId: number) {
  requireSelfOrStaff(actor, userId);
  return userView(ctx, userId);
}

export async function postUserViewCount(ctx: AppContext, actor: Actor | null, userId: number, viewCount: number) {
  requireSelfOrStaff(actor, userId);
  await raiseUserCount(ctx.db.kysely, userId, monthNow(), viewCount, new Date().toISOString());
  return userView(ctx, userId);
}
