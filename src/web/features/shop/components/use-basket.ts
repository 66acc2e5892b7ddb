import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Basket } from '../../../../shared/api/shop.js';
import { getDb, type BasketNoticeRow, type BasketOpRow } from '../../../lib/db.js';
import { useSession } from '../../../lib/session/session-context.js';
import { browserBasketApi } from '../api/basket.js';
import { itemCount, noticesOf, viewBasket, type ViewLine } from '../outbox/outbox.js';
import { markShopUsed } from '../shop-entry.js';
import { adoptGuestBasket, dismissNotices, enqueue, forgetOtherAccounts, saveBasket, syncBasket, type NewChange } from '../outbox/store.js';

interface Stored {
  ops: BasketOpRow[];
  basket: Basket | null;
  notices: BasketNoticeRow[];
}

const EMPTY: Stored = { ops: [], basket: null, notices: [] };

export type SyncState = 'idle' | 'syncing' | 'offline';

let api: ReturnType<typeof browserBasketApi> | undefined;
/** The browser's basket calls, made on first use (never on the server). */
export const basketApi = () => (api ??= browserBasketApi());

/**
 * The shopper's basket on this device: the server's last answer with the changes still queued, and the notices
 * of what the server changed. A guest's basket lives here only; a logged-in shopper's queue is sent at once when
 * online, when the connection returns, and when the page opens, after a guest basket is merged in at login.
 */
export function useBasket() {
  const session = useSession();
  const owner = session.ready && session.loggedIn && session.auth ? session.auth.userid : 0;
  const ready = session.ready;
  const stored = useLiveQuery(
    async (): Promise<Stored> => {
      const db = getDb();
      if (!db) return EMPTY;
      const [ops, snapshot, notices] = await Promise.all([
        db.basketOps.where('owner').equals(owner).sortBy('seq'),
        owner ? db.basketSnapshots.get(owner) : undefined,
        db.basketNotices.where('owner').equals(owner).sortBy('id'),
      ]);
      return { ops, basket: snapshot?.basket ?? null, notices };
    },
    [owner],
    EMPTY,
  );
  const [sync, setSync] = useState<SyncState>('idle');
  const [error, setError] = useState<unknown>(null);
  const ownerRef = useRef(owner);
  useEffect(() => {
    ownerRef.current = owner;
  }, [owner]);

  const replay = useCallback(async () => {
    const db = getDb();
    const who = ownerRef.current;
    if (!db || !who) return;
    setSync('syncing');
    try {
      const result = await syncBasket(db, who, basketApi());
      if (ownerRef.current !== who) return;
      setSync(result.state === 'synced' ? 'idle' : 'offline');
      setError(result.state === 'synced' || result.failure?.status === 0 ? null : result.failure);
    } catch (err) {
      // The device's database failed (storage full, a closed connection): the queue stays as it was.
      setSync('offline');
      setError(err);
    }
  }, []);

  useEffect(() => {
    const db = getDb();
    if (!ready || !db) return;
    let active = true;
    void (async () => {
      await forgetOtherAccounts(db, owner);
      if (owner) await adoptGuestBasket(db, owner);
      if (active && owner) await replay();
    })();
    const online = () => void replay();
    window.addEventListener('online', online);
    return () => {
      active = false;
      window.removeEventListener('online', online);
    };
  }, [ready, owner, replay]);

  const change = useCallback(
    async (next: Omit<NewChange, 'owner'>) => {
      const db = getDb();
      if (!db) return;
      markShopUsed();
      await enqueue(db, { ...next, owner: ownerRef.current });
      if (ownerRef.current) void replay();
    },
    [replay],
  );

  const lines: ViewLine[] = useMemo(() => viewBasket(stored.basket, stored.ops), [stored]);
  return {
    ready,
    owner,
    lines,
    count: itemCount(lines),
    // A guest's changes are never sent (they join the account's basket at login): not "waiting".
    pending: owner > 0 && stored.ops.length > 0,
    basket: stored.basket,
    notices: stored.notices,
    sync,
    error,
    replay,
    change,
    dismiss: async () => {
      const db = getDb();
      if (db) await dismissNotices(db, owner);
    },
    /** Keeps a basket answered outside the outbox (a voucher applied), with what it corrected. */
    keep: async (basket: Basket) => {
      const db = getDb();
      if (!db || !owner) return;
      const titles = new Map(basket.lines.map((l) => [l.product, l.product_title]));
      await saveBasket(db, owner, basket, noticesOf(basket.corrections, { owner, currency: basket.currency, titles, at: new Date().toISOString() }));
    },
  };
}

export type BasketState = ReturnType<typeof useBasket>;
