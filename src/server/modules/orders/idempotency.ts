import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ORDER_KEY_RETENTION_DAYS } from '../../../shared/api/orders-paths.js';
import { OP_ID_HEADER } from '../../../shared/api/shop-paths.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { claimKey, findKey, forgetKeysBefore, storeAnswer } from './repo.js';

/** An order write's answer, as sent and as stored for a replay. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** The write as the client sent it: its `Idempotency-Key` and what identifies the request. */
export interface KeyedRequest {
  key: string | undefined;
  method: string;
  url: string;
  body: unknown;
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

const hashOf = (r: KeyedRequest) => createHash('sha256').update(`${r.method} ${r.url}\n${JSON.stringify(canonical(r.body ?? null))}`).digest('hex');

const REUSED = 'This key was sent before with another request; use a new key for a new request.';

function stored(row: { request_hash: string; status: number | null; body: string | null }, hash: string): Answer | undefined {
  if (row.request_hash !== hash) throw new Conflict(`${OP_ID_HEADER}: ${REUSED}`, { [OP_ID_HEADER]: REUSED });
  if (row.status === null) return undefined;
  return { status: row.status, body: row.body === null ? null : (JSON.parse(row.body) as unknown) };
}

const HELD = Symbol('held');

/**
 * Runs an order write in one transaction. With a key, the key is claimed in that transaction and the
 * answer stored with the write, so a repeat (a retry, a double tap, two at once) changes nothing and gets
 * the first answer; the same key with another request is a 409 naming the header. A failed write stores
 * nothing: it changed nothing either. `after` runs once the write has committed (not on a replay).
 */
export async function runKeyed<T>(ctx: AppContext, actor: Actor, request: KeyedRequest, work: (trx: Kysely<Database>) => Promise<Answer<T>>): Promise<Answer<T>> {
  const db = ctx.db.kysely;
  const { key } = request;
  if (key === undefined) return db.transaction().execute(work);
  const hash = hashOf(request);
  const earlier = await findKey(db, actor.id, key);
  const early = earlier ? stored(earlier, hash) : undefined;
  if (early) return early as Answer<T>;
  const result = await db.transaction().execute(async (trx) => {
    const at = nowIso();
    // On PostgreSQL a concurrent claim of the same key waits here until the other transaction ends.
    if (!(await claimKey(trx, actor.id, key, hash, at))) return HELD;
    const answer = await work(trx);
    await storeAnswer(trx, actor.id, key, answer.status, answer.body === null ? null : JSON.stringify(answer.body));
    await forgetKeysBefore(trx, actor.id, new Date(Date.parse(at) - ORDER_KEY_RETENTION_DAYS * DAY_MS).toISOString());
    return answer;
  });
  if (result !== HELD) return result;
  const row = await findKey(db, actor.id, key);
  const answer = row ? stored(row, hash) : undefined;
  if (!answer) throw new Conflict('This request is still being handled; send it again in a moment.');
  return answer as Answer<T>;
}
