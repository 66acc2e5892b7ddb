import type { Kysely } from 'kysely';
import { OP_RETENTION_DAYS } from '../../../shared/api/shop-paths.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { runReplayable, type KeyStore, type StoredAnswer } from '../../platform/replayable-write.js';
import { claimOp, findOp, forgetOpsBefore, storeOpAnswer } from './basket-repo.js';

/** A basket change's answer, as sent and as stored for a replay. */
export type OpAnswer<T = unknown> = StoredAnswer<T>;

/** The change as the client sent it: the operation id and what identifies the request. */
export interface OpRequest {
  opId: string | undefined;
  method: string;
  url: string;
  body: unknown;
}

const basketOps: KeyStore = {
  find: findOp,
  claim: claimOp,
  store: storeOpAnswer,
  forgetBefore: forgetOpsBefore,
  retentionDays: OP_RETENTION_DAYS,
  reused: 'This operation id was used for another change.',
  pending: 'This change is still being made; send it again in a moment.',
};

/**
 * Runs a basket change in one transaction, replayable by its operation id (platform/replayable-write.ts): a
 * repeat (a retry, an outbox replayed twice, or two at once) changes nothing and gets the first answer.
 */
export function runChange<T>(ctx: AppContext, actor: Actor, request: OpRequest, work: (trx: Kysely<Database>) => Promise<OpAnswer<T>>): Promise<OpAnswer<T>> {
  const { opId, ...rest } = request;
  return runReplayable(ctx.db.kysely, basketOps, actor.id, { key: opId, ...rest }, work);
}
