import { guestPaths } from '../../shared/api/guest-paths.js';
import { readAuthState } from './auth-state.js';
import { getDb, STATE_KEY, type LecternDb } from './db.js';
import type { HttpClient } from './http.js';

/** Whose count: a logged-in user's (auth row), or this device's as a guest (device row). They never mix. */
export type Counter = { userId: number } | { guest: true };

/** The server's answer to either view-count call (SPEC section 7). */
export interface ViewCountAnswer {
  view_count: number;
  month: string;
  limit: number;
}

interface StoredCount {
  viewCount: number;
  month: string;
}

/** This calendar month (UTC), as the server names it. */
export const monthOf = (now: number): string => new Date(now).toISOString().slice(0, 7);

const isUser = (who: Counter): who is { userId: number } => 'userId' in who;

/**
 * The stored count of `who`; null when there is nowhere to keep it (another user is logged in, no fingerprint id).
 * A guest's carries the fingerprint's value, the proof the server asks for with the id.
 */
async function readCount(db: LecternDb, who: Counter): Promise<(StoredCount & { ownerId: number; userfinger?: string }) | null> {
  if (isUser(who)) {
    const auth = await readAuthState(db);
    if (auth.isLogin !== 1 || auth.userid !== who.userId) return null;
    return { ownerId: who.userId, viewCount: auth.viewCount, month: auth.viewCountMonth };
  }
  const device = await db.device.get(STATE_KEY);
  if (!device?.userfinger_id) return null;
  return { ownerId: device.userfinger_id, userfinger: device.userfinger, viewCount: device.viewCount ?? 0, month: device.viewCountMonth ?? '' };
}

/**
 * SPEC section 4, "View count ... set to a value": stores `count` for `who`, as long as `who` still owns the
 * row (the same user logged in; the same registered fingerprint), whatever the row said before.
 */
async function writeCount(db: LecternDb, who: Counter, ownerId: number, count: StoredCount): Promise<void> {
  if (isUser(who)) {
    await db.transaction('rw', db.auth, async () => {
      const auth = await readAuthState(db);
      if (auth.isLogin !== 1 || auth.userid !== ownerId) return;
      await db.auth.put({ ...auth, viewCount: count.viewCount, viewCountMonth: count.month }, STATE_KEY);
    });
    return;
  }
  await db.transaction('rw', db.device, async () => {
    const device = await db.device.get(STATE_KEY);
    if (!device || device.userfinger_id !== ownerId) return;
    await db.device.put({ ...device, viewCount: count.viewCount, viewCountMonth: count.month }, STATE_KEY);
  });
}

export interface CountReadOptions {
  http: HttpClient;
  db?: LecternDb;
  now?: () => number;
}

/**
 * A premium article was just opened under the monthly meter (the server spent a read): the count of the
 * month goes up by 1 (SPEC section 4) and is posted, a guest's to `guest/guestviewcount/` by fingerprint id and value, a
 * user's to `guest/userviewcount/` by user id (SPEC section 7). The server's answer is the count kept: it
 * never lowers its own, and its own counts every read it released, so a count this device missed (another
 * device, reads joined at login) comes back here, and a count this device got wrong is replaced.
 * Resolves with the server's answer; null when there is no count to post (a guest whose fingerprint was
 * never registered, or the user logged out meanwhile).
 */
export async function countMeteredRead(who: Counter, { http, db = getDb(), now = Date.now }: CountReadOptions): Promise<ViewCountAnswer | null> {
  if (!db) return null;
  const month = monthOf(now());
  const stored = await readCount(db, who);
  if (!stored) return null;
  const viewCount = (stored.month === month ? stored.viewCount : 0) + 1;
  await writeCount(db, who, stored.ownerId, { viewCount, month });
  const answer = isUser(who)
    ? await http.post<ViewCountAnswer>(guestPaths.userViewCount, { user_id: stored.ownerId, view_count: viewCount })
    : await http.post<ViewCountAnswer>(guestPaths.guestViewCount, { userfinger_id: stored.ownerId, userfinger: stored.userfinger, view_count: viewCount });
  await writeCount(db, who, stored.ownerId, { viewCount: answer.view_count, month: answer.month });
  return answer;
}

/** The stored count of `who` for this month (0 when none is stored or it is of an earlier month). */
export async function storedViewCount(who: Counter, db: LecternDb | undefined = getDb(), now = Date.now()): Promise<number> {
  const stored = db ? await readCount(db, who) : null;
  return stored && stored.month === monthOf(now) ? stored.viewCount : 0;
}
