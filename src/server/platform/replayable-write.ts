import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OP_ID_HEADER } from '../../shared/api/shop-paths.js';
import type { Database } from '../db/types.js';
import { Conflict } from './errors.js';
import { nowIso } from './time.js';

/** A write's answer, as sent and as stored for a replay. */
export interface StoredAnswer<T = unknown> {
  status: number;
  body: T;
}

/** The write as the client sent it: its `Idempotency-Key` and what identifies the request. */
export interface ReplayableRequest {
  key: string | undefined;
  method: string;
  url: string;
  body: unknown;
}

/** Where a module keeps the keys of one kind of write (its own table, through its repo). */
export interface KeyStore {
  find(db: Kysely<Database>, userId: number, key: string): Promise<{ request_hash: string; status: number | null; body: string | null } | undefined>;
  /** Claims the key for this request; false when it was claimed already. */
  claim(db: Kysely<Database>, userId: number, key: string, requestHash: string, at: string): Promise<boolean>;
  store(db: Kysely<Database>, userId: number, key: string, status: number, body: string | null): Promise<void>;
  forgetBefore(db: Kysely<Database>, userId: number, before: string): Promise<void>;
  retentionDays: number;
  /** Said when the key comes again with another request. */
  reused: string;
  /** Said when the first request with the key is still being handled. */
  pending: string;
}

const DAY_MS = 24 * 3600 * 1000;

/** Objects with their keys sorted, so the same body hashes the same however the client ordered it. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const hashOf = (r: ReplayableRequest) => createHash('sha256').update(`${r.method} ${r.url}\n${JSON.stringify(canonical(r.body ?? null))}`).digest('hex');

function stored(store: KeyStore, row: { request_hash: string; status: number | null; body: string | null }, hash: string): StoredAnswer | undefined {
  if (row.request_hash !== hash) throw new Conflict(`${OP_ID_HEADER}: ${store.reused}`, { [OP_ID_HEADER]: store.reused });
  if (row.status === null) return undefined;
  return { status: row.status, body: row.body === null ? null : (JSON.parse(row.body) as unknown) };
}

const HELD = Symbol('held');

/**
 * Runs a write in one transaction. With a key, the key is claimed in that transaction and the answer stored
 * with the write, so a repeat (a retry, an outbox replayed twice, a double tap, two at once) changes nothing
 * and gets the first answer; the same key with another request is a 409 naming the header. A failed write
 * stores nothing: it changed nothing either.
 */
export async function runReplayable<T>(
  db: Kysely<Database>,
  store: KeyStore,
  userId: number,
  request: ReplayableRequest,
  work: (trx: Kysely<Database>) => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T>> {
  const { key } = request;
  if (key === undefined) return db.transaction().execute(work);
  const hash = hashOf(request);
  const earlier = await store.find(db, userId, key);
  const early = earlier ? stored(store, earlier, hash) : undefined;
  if (early) return early as StoredAnswer<T>;
  const result = await db.transaction().execute(async (trx) => {
    const at = nowIso();
    // On PostgreSQL a concurrent claim of the same key waits here until the other transaction ends.
    if (!(await store.claim(trx, userId, key, hash, at))) return HELD;
    const answer = await work(trx);
    await store.store(trx, userId, key, answer.status, answer.body === null ? null : JSON.stringify(answer.body));
    await store.forgetBefore(trx, userId, new Date(Date.parse(at) - store.retentionDays * DAY_MS).toISOString());
    return answer;
  });
  if (result !== HELD) return result;
  const row = await store.find(db, userId, key);
  const answer = row ? stored(store, row, hash) : undefined;
  if (!answer) throw new Conflict(store.pending);
  return answer as StoredAnswer<T>;
}
