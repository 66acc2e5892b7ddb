import { GUEST_NETWORK_FACTOR } from '../../../shared/api/guest-paths.js';
import type { AppContext } from '../../platform/context.js';
import { addToCount, countOf, countsOf, insertRead, insertReads, readArticleIds, readersOf, takeOnes } from './meter-repo.js';
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

const subjectList = (s: Subjects): string[] => (s.net ? [s.own, s.net.subject] : [s.own]);

/** Reads left: the reader's own, and for a guest no more than the network's. */
function readsLeftOf(s: Subjects, used: number, netUsed: number): number {
  const own = Math.max(0, s.limit - used);
  return s.net ? Math.min(own, Math.max(0, s.net.limit - netUsed)) : own;
}

export async function meterStatus(ctx: AppContext, who: Reader, articleId: number): Promise<MeterStatus> {
  const db = ctx.db.kysely;
  const month = monthOf(new Date());
  const s = subjectsOf(ctx, who);
  const subjects = subjectList(s);
  const [readers, counts] = await Promise.all([readersOf(db, month, subjects, articleId), countsOf(db, month, subjects)]);
  const alreadyRead = readers.has(s.own);
  const used = counts.get(s.own) ?? 0;
  const netUsed = s.net ? (counts.get(s.net.subject) ?? 0) : 0;
  const netAllows = !s.net || readers.has(s.net.subject) || netUsed < s.net.limit;
  return { allowed: alreadyRead || (used < s.limit && netAllows), readsLeft: readsLeftOf(s, used, netUsed), limit: s.limit, alreadyRead };
}

/** Rolls the spend's transaction back: no read left, or the reader had already opened the article. */
class Undo extends Error {
  constructor(readonly outcome: 'refused' | 'already') {
    super(outcome);
  }
}

export interface SpendResult extends MeterStatus {
  /** True when this call used up a read; false when the article was already read or the read was refused. */
  spent: boolean;
}

/**
 * Records that the reader opens the article, using up a read unless it was opened this month already.
 * Refused (allowed false, nothing written) when no read is left. Two statements in one transaction: the
 * reads of the reader (and a guest's network) are recorded, then the counts of the subjects for which the
 * read was new are raised by one conditional upsert under their limits. Concurrent calls never pass a limit,
 * and the same article twice costs one read.
 */
export async function spendMeteredRead(ctx: AppContext, who: Reader, articleId: number): Promise<SpendResult> {
  const now = new Date();
  const month = monthOf(now);
  const at = now.toISOString();
  const s = subjectsOf(ctx, who);
  /** The counts this call raised, as they now stand (known without reading them again). */
  let raised = new Map<string, number>();
  let outcome: 'spent' | 'already' | 'refused';
  try {
    raised = await ctx.db.kysely.transaction().execute(async (trx) => {
      const fresh = await insertReads(trx, month, subjectList(s), articleId, at);
      // Opened this month already: free, and nothing of this call stays (not even the network's read).
      if (!fresh.has(s.own)) throw new Undo('already');
      const limits = new Map<string, number>([[s.own, s.limit]]);
      if (s.net && fresh.has(s.net.subject)) limits.set(s.net.subject, s.net.limit);
      if ([...limits.values()].some((limit) => limit <= 0)) throw new Undo('refused');
      const taken = await takeOnes(trx, month, limits);
      if (taken.size < limits.size) throw new Undo('refused');
      return taken;
    });
    outcome = 'spent';
  } catch (err) {
    if (!(err instanceof Undo)) throw err;
    outcome = err.outcome;
    raised = new Map();
  }
  // The counts not known from the writes above are read in one query.
  const missing = subjectList(s).filter((subject) => !raised.has(subject));
  const counts = missing.length > 0 ? await countsOf(ctx.db.kysely, month, missing) : new Map<string, number>();
  const used = raised.get(s.own) ?? counts.get(s.own) ?? 0;
  const netUsed = s.net ? (raised.get(s.net.subject) ?? counts.get(s.net.subject) ?? 0) : 0;
  return {
    allowed: outcome !== 'refused',
    readsLeft: readsLeftOf(s, used, netUsed),
    limit: s.limit,
    alreadyRead: outcome !== 'refused',
    spent: outcome === 'spent',
  };
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
