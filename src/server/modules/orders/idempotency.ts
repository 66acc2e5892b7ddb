import { ORDER_KEY_RETENTION_DAYS } from '../../../shared/api/orders-paths.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { runReplayable, type KeyStore, type ReplayableRequest, type StoredAnswer } from '../../platform/replayable-write.js';
import type { Kysely } from 'kysely';
import { claimKey, findKey, forgetKeysBefore, storeAnswer } from './repo.js';

/** An order write's answer, as sent and as stored for a replay. */
export type Answer<T = unknown> = StoredAnswer<T>;

/** The write as the client sent it: its `Idempotency-Key` and what identifies the request. */
export type KeyedRequest = ReplayableRequest;

const orderKeys: KeyStore = {
  find: findKey,
  claim: claimKey,
  store: storeAnswer,
  forgetBefore: forgetKeysBefore,
  retentionDays: ORDER_KEY_RETENTION_DAYS,
  reused: 'This key was sent before with another request; use a new key for a new request.',
  pending: 'This request is still being handled; send it again in a moment.',
};

/**
 * Runs an order write in one transaction, replayable by its `Idempotency-Key` (platform/replayable-write.ts):
 * a repeat (a retry, a double tap, two at once) changes nothing and gets the first answer.
 */
export function runKeyed<T>(ctx: AppContext, actor: Actor, request: KeyedRequest, work: (trx: Kysely<Database>) => Promise<Answer<T>>): Promise<Answer<T>> {
  return runReplayable(ctx.db.kysely, orderKeys, actor.id, request, work);
}
