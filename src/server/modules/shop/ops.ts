import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OP_ID_HEADER, OP_RETENTION_DAYS } from '../../../shared/api/shop-paths.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { claimOp, findOp, forgetOpsBefore, storeOpAnswer } from './basket-repo.js';

/** A basket change's answer, as sent and as stored for a replay. */
export interface OpAnswer<T = unknown> {
  status: number;
  body: T;
}

/** The change as the client sent it: the operation id and what identifies the request. */
export interface OpRequest {
  opId: string | undefined;
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

const hashOf = (r: OpRequest) => createHash('sha256').update(`${r.method} ${r.url}\n${JSON.stringify(canonical(r.body ?? null))}`).digest('hex');

const reused = () =>
  new Conflict(`${OP_ID_HEADER}: This operation id was used for another change.`, { [OP_ID_HEADER]: 'This operation id was used for another change.' });

function storedAnswer(row: { request_hash: string; status: number | null; body: string | null }, hash: string): OpAnswer | undefined {
  if (row.request_hash !== hash) throw reused();
  if (row.status === null) return undefined;
  return { status: row.status, body: row.body === null ? null : (JSON.parse(row.body) as unknown) };
}

const HELD = Symbol('held');

/**
 * Runs a basket change in one transaction. With an operation id, the id is claimed in that transaction and
 * the answer stored with the change, so a repeat (a retry, an outbox replayed twice, or two at once) changes
 * nothing and gets the first answer. Failed changes store nothing: they changed nothing either.
 */
export async function runChange<T>(ctx: AppContext, actor: Actor, request: OpRequest, work: (trx: Kysely<Database>) => Promise<OpAnswer<T>>): Promise<OpAnswer<T>> {
  const db = ctx.db.kysely;
  const { opId } = request;
  if (opId === undefined) return db.transaction().execute(work);
  const hash = hashOf(request);
  const earlier = await findOp(db, actor.id, opId);
  const early = earlier ? storedAnswer(earlier, hash) : undefined;
  if (early) return early as OpAnswer<T>;
  const result = await db.transaction().execute(async (trx) => {
    const at = nowIso();
    // On PostgreSQL a concurrent claim of the same id waits here until the other transaction ends.
    if (!(await claimOp(trx, actor.id, opId, hash, at))) return HELD;
    const answer = await work(trx);
    await storeOpAnswer(trx, actor.id, opId, answer.status, answer.body === null ? null : JSON.stringify(answer.body));
    await forgetOpsBefore(trx, actor.id, new Date(Date.parse(at) - OP_RETENTION_DAYS * DAY_MS).toISOString());
    return answer;
  });
  if (result !== HELD) return result;
  const row = await findOp(db, actor.id, opId);
  const answer = row ? storedAnswer(row, hash) : undefined;
  if (!answer) throw new Conflict('This change is still being made; send it again in a moment.');
  return answer as OpAnswer<T>;
}
