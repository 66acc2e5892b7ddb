import type { Generated, Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { TooManyRequests } from './errors.js';

/**
 * Counters of recent events (code sends, failed logins) kept in the database, so every process of a
 * scaled site sees the same counts. An event is a row (scope, subject, time); old rows are pruned.
 */
export interface ThrottleEventsTable {
  id: Generated<number>;
  scope: string;
  subject: string;
  created_at: string;
}

type ThrottleDb = Kysely<Database & { throttle_events: ThrottleEventsTable }>;
const events = (db: Kysely<Database>): ThrottleDb => db.withTables<{ throttle_events: ThrottleEventsTable }>();

/** At most `limit` events in any `windowSeconds`. */
export interface Rate {
  limit: number;
  windowSeconds: number;
}

export interface Quota {
  scope: string;
  subject: string;
  rates: Rate[];
}

const PRUNE_AFTER_SECONDS = 2 * 24 * 3600;
const PRUNE_EVERY_MS = 3600_000;
const lastPrune = new WeakMap<Kysely<Database>, number>();

/** Events older than any window in use are dropped now and then (at most hourly per process). */
async function pruneOld(db: Kysely<Database>, now: number): Promise<void> {
  if (now - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now);
  await events(db)
    .deleteFrom('throttle_events')
    .where('created_at', '<', new Date(now - PRUNE_AFTER_SECONDS * 1000).toISOString())
    .execute();
}

export async function recordEvent(db: Kysely<Database>, scope: string, subject: string): Promise<number> {
  const now = Date.now();
  await pruneOld(db, now);
  const row = await events(db)
    .insertInto('throttle_events')
    .values({ scope, subject, created_at: new Date(now).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function clearEvents(db: Kysely<Database>, scope: string, subject: string): Promise<void> {
  await events(db).deleteFrom('throttle_events').where('scope', '=', scope).where('subject', '=', subject).execute();
}

export interface RecentEvents {
  count: number;
  /** Time of the newest event (ms), or 0. */
  latest: number;
}

export async function recentEvents(db: Kysely<Database>, scope: string, subject: string, windowSeconds: number): Promise<RecentEvents> {
  const since = new Date(Date.now() - windowSeconds * 1000).toISOString();
  const row = await events(db)
    .selectFrom('throttle_events')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('created_at').as('latest')])
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), latest: row?.latest ? Date.parse(row.latest) : 0 };
}

/** Seconds until `rate` admits one more event of (scope, subject), not counting the events `exclude`. */
async function secondsUntilFree(db: Kysely<Database>, quota: Quota, rate: Rate, exclude: number[]): Promise<number> {
  const now = Date.now();
  const since = new Date(now - rate.windowSeconds * 1000).toISOString();
  // The limit-th newest other event must leave the window before one more fits.
  const blocking = await events(db)
    .selectFrom('throttle_events')
    .select('created_at')
    .where('scope', '=', quota.scope)
    .where('subject', '=', quota.subject)
    .where('created_at', '>', since)
    .where('id', 'not in', exclude)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(rate.limit - 1)
    .executeTakeFirst();
  if (!blocking) return 0;
  return Math.max(1, Math.ceil((Date.parse(blocking.created_at) + rate.windowSeconds * 1000 - now) / 1000));
}

/**
 * Takes one event from every quota, or none: the events are recorded first and counted after, so two
 * processes racing can both be refused but never both admitted past a limit. Throws 429 with the wait.
 */
export async function takeQuotas(db: Kysely<Database>, quotas: Quota[], what: string): Promise<void> {
  const ids: number[] = [];
  for (const quota of quotas) ids.push(await recordEvent(db, quota.scope, quota.subject));
  let wait = 0;
  for (const quota of quotas) {
    for (const rate of quota.rates) {
      const { count } = await recentEvents(db, quota.scope, quota.subject, rate.windowSeconds);
      if (count > rate.limit) wait = Math.max(wait, await secondsUntilFree(db, quota, rate, ids));
    }
  }
  if (wait > 0) {
    await events(db).deleteFrom('throttle_events').where('id', 'in', ids).execute();
    throw new TooManyRequests(`${what}: too many requests. Try again in ${wait} seconds.`, wait);
  }
}
