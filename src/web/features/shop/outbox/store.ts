import type { Basket } from '../../../../shared/api/shop.js';
import type { LecternDb } from '../../../lib/db.js';
import { coalesce, mergeGuestOps, newOpId, replayOutbox, type BasketOp, type BasketNotice, type OutboxApi, type OutboxStore, type ReplayResult } from './outbox.js';

/** The outbox's rows in Dexie: every tab sees the same queue, and `useLiveQuery` shows each change at once. */
export function dexieOutboxStore(db: LecternDb): OutboxStore {
  return {
    pending: (owner) => db.basketOps.where('owner').equals(owner).sortBy('seq'),
    markSent: async (op, request) => {
      if (op.seq !== undefined) await db.basketOps.update(op.seq, { request });
    },
    settle: async (op) => {
      if (op.seq !== undefined) await db.basketOps.delete(op.seq);
    },
    snapshot: async (owner) => (await db.basketSnapshots.get(owner))?.basket ?? null,
    saveSnapshot: async (owner, basket) => {
      await db.basketSnapshots.put({ owner, basket, savedAt: new Date().toISOString() });
    },
    notify: async (notices) => {
      if (notices.length) await db.basketNotices.bulkAdd(notices);
    },
  };
}

export type NewChange = Omit<BasketOp, 'seq' | 'opId' | 'createdAt' | 'request'>;

/** Queues a basket change (merged into a queued, unsent change of the same line's quantity). */
export async function enqueue(db: LecternDb, change: NewChange): Promise<void> {
  await db.transaction('rw', db.basketOps, async () => {
    const op: BasketOp = { ...change, opId: newOpId(), createdAt: new Date().toISOString() };
    const queued = await db.basketOps.where('owner').equals(change.owner).sortBy('seq');
    const merged = coalesce(queued.at(-1), op);
    if (merged?.seq !== undefined) await db.basketOps.put(merged);
    else await db.basketOps.add(op);
  });
}

/**
 * Moves the guest's basket on this device into the account's outbox, in one transaction: a second tab that
 * sees the same login finds nothing left to move. Answers how many lines moved.
 */
export async function adoptGuestBasket(db: LecternDb, userId: number): Promise<number> {
  return db.transaction('rw', db.basketOps, db.basketNotices, async () => {
    const guest = await db.basketOps.where('owner').equals(0).sortBy('seq');
    if (guest.length === 0) return 0;
    const now = new Date().toISOString();
    const adds = mergeGuestOps(guest, userId, newOpId, now);
    await db.basketOps.bulkDelete(guest.map((op) => op.seq!));
    if (adds.length) {
      await db.basketOps.bulkAdd(adds);
      await db.basketNotices.add({ owner: userId, code: 'merged', title: '', old: null, new: adds.length, currency: '', reason: '', at: now });
    }
    return adds.length;
  });
}

/** Basket copies and notices of other accounts leave the device once someone else uses it (their queued changes stay). */
export async function forgetOtherAccounts(db: LecternDb, owner: number): Promise<void> {
  await db.transaction('rw', db.basketSnapshots, db.basketNotices, async () => {
    await db.basketSnapshots.filter((s) => s.owner !== owner).delete();
    await db.basketNotices.filter((n) => n.owner !== owner).delete();
  });
}

export async function dismissNotices(db: LecternDb, owner: number): Promise<void> {
  await db.basketNotices.where('owner').equals(owner).delete();
}

export async function saveBasket(db: LecternDb, owner: number, basket: Basket, notices: BasketNotice[] = []): Promise<void> {
  const store = dexieOutboxStore(db);
  await store.saveSnapshot(owner, basket);
  await store.notify(notices);
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const locks = (): LockManagerLike | undefined => (typeof navigator !== 'undefined' ? (navigator as { locks?: LockManagerLike }).locks : undefined);

const running = new Map<number, Promise<ReplayResult>>();

/**
 * Replays the owner's outbox, one replay at a time per tab and (with Web Locks) across tabs, so two tabs never
 * send the same queue side by side (were they to, the operation ids would keep the basket right).
 */
export function syncBasket(db: LecternDb, owner: number, api: OutboxApi): Promise<ReplayResult> {
  const current = running.get(owner);
  if (current) return current.then(() => syncBasket(db, owner, api));
  const run = () => replayOutbox(owner, dexieOutboxStore(db), api);
  const lockManager = locks();
  const started = (lockManager ? lockManager.request(`lectern-basket-${owner}`, run) : run()).finally(() => running.delete(owner));
  running.set(owner, started);
  return started;
}
