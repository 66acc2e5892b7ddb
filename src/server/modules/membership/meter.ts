import { GUEST_NETWORK_FACTOR } from '../../../shared/api/guest-paths.js';
import type { AppContext } from '../../platform/context.js';
import { addToCount, countOf, hasRead, insertRead, readArticleIds, takeOne } from './meter-repo.js';
import { networkOf } from './network.js';

/**
 * The metered paywall's ledger: how many premium articles a reader who is not a member has opened this
 * calendar month (UTC). A guest counts per fingerprint and per network (/24 or /64), so a new fingerprint
 * on the same network gets at most GUEST_NETWORK_FACTOR times the guest limit in all. Opening an article
 * already opened this month is free. The access decision calls these; they do not check membership.
 */
export type Reader = { userId: number } | { fingerprint: string; ip: string };

export interface MeterStatus {
  /** May open the article now (already read this month, or reads are left). */
  allowed: boolean;
  readsLeft: number;
  limit: number;
  alreadyRead: boolean;
}

export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

const isUser = (who: Reader): who is { userId: number } => 'userId' in who;

interface Subjects {
  own: string;
  limit: number;
  /** The guest's network and its limit; none for a user. */
  net?: { subject: string; limit: number };
}

function subjectsOf(ctx: AppContext, who: Reader): Subjects {
  if (isUser(who)) return { own: `user:${who.userId}`, limit: ctx.config.freeReadsUser };
  const limit = ctx.config.freeReadsGuest;
  return { own: `fp:${who.fingerprint}`, limit, net: { subject: `net:${networkOf(who.ip)}`, limit: limit * GUEST_NETWORK_FACTOR } };
}

export async function meterStatus(ctx: AppContext, who: Reader, articleId: number): Promise<MeterStatus> {
  const db = ctx.db.kysely;
  const month = monthOf(new Date());
  const s = subjectsOf(ctx, who);
  const [alreadyRead, used] = await Promise.all([hasRead(db, month, s.own, articleId), countOf(db, month, s.own)]);
  let readsLeft = Math.max(0, s.limit - used);
  let netAllows = true;
  if (s.net) {
    const [netRead, netUsed] = await Promise.all([hasRead(db, month, s.net.subject, articleId), countOf(db, month, s.net.subject)]);
    readsLeft = Math.min(readsLeft, Math.max(0, s.net.limit - netUsed));
    netAllows = netRead || netUsed < s.net.limit;
  }
  return { allowed: alreadyRead || (used < s.limit && netAllows), readsLeft, limit: s.limit, alreadyRead };
}

class Refused extends Error {}

export interface SpendResult extends MeterStatus {
  /** True when this call used up a read; false when the article was already read or the read was refused. */
  spent: boolean;
}

/**
 * Records that the reader opens the article, using up a read unless it was opened this month already.
 * Refused (allowed false, nothing written) when no read is left. The read is recorded first and the count
 * raised by a conditional update in the same transaction, so concurrent calls never pass the limit and the
 * same article twice costs one read.
 */
export async function spendMeteredRead(ctx: AppContext, who: Reader, articleId: number): Promise<SpendResult> {
  const now = new Date();
  const month = monthOf(now);
  const at = now.toISOString();
  const s = subjectsOf(ctx, who);
  let outcome: 'spent' | 'already' | 'refused';
  try {
    outcome = await ctx.db.kysely.transaction().execute(async (trx) => {
      if (!(await insertRead(trx, month, s.own, articleId, at))) return 'already' as const;
      if (!(await takeOne(trx, month, s.own, s.limit))) throw new Refused();
      if (s.net && (await insertRead(trx, month, s.net.subject, articleId, at))) {
        if (!(await takeOne(trx, month, s.net.subject, s.net.limit))) throw new Refused();
      }
      return 'spent' as const;
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    outcome = 'refused';
  }
  const status = await meterStatus(ctx, who, articleId);
  return { ...status, allowed: outcome !== 'refused', spent: outcome === 'spent' };
}

/** Reads counted this month for the reader (the view count the guest calls report). */
export async function meteredReads(ctx: AppContext, who: Reader): Promise<{ month: string; count: number; limit: number }> {
  const month = monthOf(new Date());
  const s = subjectsOf(ctx, who);
  return { month, count: await countOf(ctx.db.kysely, month, s.own), limit: s.limit };
}

/**
 * At login: the guest's reads of this month join the user's (a union of article ids; an article both read
 * counts once). Never lowers the user's count. Returns how many articles were added.
 */
export async function mergeGuestReads(ctx: AppContext, fingerprint: string, userId: number): Promise<number> {
  const now = new Date();
  const month = monthOf(now);
  const at = now.toISOString();
  const user = `user:${userId}`;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    let added = 0;
    for (const articleId of await readArticleIds(trx, month, `fp:${fingerprint}`)) {
      if (await insertRead(trx, month, user, articleId, at)) added += 1;
    }
    if (added > 0) await addToCount(trx, month, user, added);
    return added;
  });
}
