import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type LecternDb } from '../../../src/web/lib/db.js';
import { coalesce, itemCount, lineKey, viewBasket, type BasketOp } from '../../../src/web/features/shop/outbox/outbox.js';
import { adoptGuestBasket, enqueue, syncBasket, type NewChange } from '../../../src/web/features/shop/outbox/store.js';
import { fakeBasketServer } from './fake-basket-server.js';

const USER = 7;
let db: LecternDb;
let n = 0;

const products = () => ({
  1: { title: 'SQL Indexes Explained', price: 5900, stock: 12 },
  2: { title: 'Offline-First Web Apps', price: 8800, stock: 2 },
  3: { title: 'Reading Habits Workbook', price: 1900, stock: 100, productClass: 'digital' as const },
});

const add = (product: number, quantity: number, owner = USER, title = `Product ${product}`): NewChange => ({
  owner,
  kind: 'add',
  key: lineKey(product, []),
  product,
  options: [],
  quantity,
  title,
  productClass: product === 3 ? 'digital' : 'physical',
  unitPrice: 100,
  currency: 'CNY',
});
const set = (product: number, quantity: number, owner = USER): NewChange => ({ ...add(product, quantity, owner), kind: 'set' });
const remove = (product: number, owner = USER): NewChange => ({ ...add(product, 0, owner), kind: 'remove' });

const queued = () => db.basketOps.orderBy('seq').toArray();
const notices = () => db.basketNotices.orderBy('id').toArray();

beforeEach(() => {
  n += 1;
  db = openDb(`shop-outbox-${n}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the basket outbox', () => {
  it('replays changes in the order they were made, each with its own operation id, and keeps the answer', async () => {
    const server = fakeBasketServer(products());
    await enqueue(db, add(1, 1));
    await enqueue(db, add(2, 1));
    await enqueue(db, set(1, 3));
    await enqueue(db, remove(2));
    const ids = (await queued()).map((op) => op.opId);
    expect(new Set(ids).size).toBe(4);

    const result = await syncBasket(db, USER, server.api);

    expect(result).toMatchObject({ state: 'synced', sent: 4, refused: 0 });
    expect(server.log).toEqual([
      `POST /basket/add-product {"product":1,"quantity":1,"stockrecord":null,"options":[]} ${ids[0]}`,
      `POST /basket/add-product {"product":2,"quantity":1,"stockrecord":null,"options":[]} ${ids[1]}`,
      `PATCH /baskets/1/lines/100 {"quantity":3} ${ids[2]}`,
      `DELETE /baskets/1/lines/101 null ${ids[3]}`,
      'GET /basket',
    ]);
    expect(await queued()).toEqual([]);
    const snapshot = await db.basketSnapshots.get(USER);
    expect(snapshot?.basket.lines.map((l) => [l.product, l.quantity])).toEqual([[1, 3]]);
  });

  it('keeps a change queued when the network fails, and later changes behind it, in order', async () => {
    const server = fakeBasketServer(products());
    await enqueue(db, add(1, 1));
    await enqueue(db, add(2, 1));
    server.goOffline();

    const result = await syncBasket(db, USER, server.api);

    expect(result.state).toBe('pending');
    expect(result.failure?.status).toBe(0);
    expect(server.applied()).toBe(0);
    expect((await queued()).map((op) => op.product)).toEqual([1, 2]);
    expect(await notices()).toEqual([]);

    server.goOnline();
    expect((await syncBasket(db, USER, server.api)).state).toBe('synced');
    expect(server.lines.map((l) => l.product)).toEqual([1, 2]);
  });

  it('sends a change whose answer was lost again with the same id and request, and the server makes it once', async () => {
    const server = fakeBasketServer(products());
    await enqueue(db, add(1, 2));
    const [op] = await queued();
    server.loseNextAnswer();

    expect((await syncBasket(db, USER, server.api)).state).toBe('pending');
    // Made on the server, but the device never heard: the change stays, with the request it was sent with.
    expect(server.lines).toMatchObject([{ product: 1, quantity: 2 }]);
    expect((await queued())[0]).toMatchObject({ opId: op.opId, request: { method: 'POST', path: '/basket/add-product' } });

    expect((await syncBasket(db, USER, server.api)).state).toBe('synced');
    expect(server.applied()).toBe(1);
    expect(server.lines).toMatchObject([{ product: 1, quantity: 2 }]);
    const sends = server.log.filter((l) => l.startsWith('POST'));
    expect(sends).toHaveLength(2);
    expect(sends[0]).toBe(sends[1]);
  });

  it('shows a refused change (4xx) to the shopper, drops it, and goes on with the next', async () => {
    const server = fakeBasketServer(products());
    await enqueue(db, add(99, 1, USER, 'A withdrawn book'));
    await enqueue(db, add(1, 1));

    const result = await syncBasket(db, USER, server.api);

    expect(result).toMatchObject({ state: 'synced', sent: 1, refused: 1 });
    expect(await queued()).toEqual([]);
    expect(await notices()).toMatchObject([{ owner: USER, code: 'refused', title: 'A withdrawn book', reason: 'No such product for sale.' }]);
    expect(server.lines.map((l) => l.product)).toEqual([1]);
  });

  it('turns every server correction into a notice: a price changed meanwhile, a quantity above stock', async () => {
    const server = fakeBasketServer(products());
    await enqueue(db, add(1, 1));
    await syncBasket(db, USER, server.api);
    server.products[1].price = 6500;
    await enqueue(db, set(1, 2));
    await enqueue(db, add(2, 5));

    await syncBasket(db, USER, server.api);

    expect(await notices()).toMatchObject([
      { code: 'price_changed', title: 'SQL Indexes Explained', old: 5900, new: 6500, currency: 'CNY' },
      { code: 'quantity_clamped', title: 'Offline-First Web Apps', old: 5, new: 2 },
    ]);
  });

  it('settles a removal the server answers 404 for (the line is gone already) without a notice', async () => {
    const server = fakeBasketServer(products());
    await enqueue(db, add(1, 1));
    await syncBasket(db, USER, server.api);
    await enqueue(db, remove(1));
    const [op] = await queued();
    // Sent once, answer lost; meanwhile the line went (another device).
    await db.basketOps.update(op.seq!, { request: { method: 'DELETE', path: '/baskets/1/lines/100' } });
    server.lines.splice(0);
    expect(await syncBasket(db, USER, server.api)).toMatchObject({ state: 'synced', refused: 0 });
    expect(await queued()).toEqual([]);
    expect(await notices()).toEqual([]);
  });

  it('says so when a change names a line the basket no longer has', async () => {
    const server = fakeBasketServer(products());
    await enqueue(db, set(2, 4, USER));
    await syncBasket(db, USER, server.api);
    expect(await notices()).toMatchObject([{ code: 'gone', title: 'Product 2' }]);
    expect(server.log).toEqual(['GET /basket']);
  });

  it('merges a quantity change into a queued one not yet sent, never into one already sent', () => {
    const first = { ...set(1, 2), opId: 'a', createdAt: '', seq: 1 } as BasketOp;
    const next = { ...set(1, 3), opId: 'b', createdAt: '' } as BasketOp;
    expect(coalesce(first, next)).toMatchObject({ seq: 1, opId: 'a', quantity: 3 });
    expect(coalesce({ ...first, request: { method: 'PATCH', path: '/x' } }, next)).toBeNull();
    expect(coalesce(first, { ...next, key: lineKey(2, []) })).toBeNull();
  });
});

describe('the basket as the shopper sees it', () => {
  it('marks lines with waiting changes, keeps a waiting removal visible, and counts items', () => {
    const server = fakeBasketServer(products());
    server.lines.push({ id: 5, product: 1, quantity: 1, priceAtAdd: 5900, options: [] }, { id: 6, product: 2, quantity: 1, priceAtAdd: 8800, options: [] });
    const ops = [set(1, 4), remove(2), add(3, 2)].map((c, i) => ({ ...c, opId: String(i), createdAt: '' }));
    const lines = viewBasket(server.basket(), ops);
    expect(lines.map((l) => [l.product, l.quantity, l.pending, l.removed])).toEqual([
      [1, 4, true, false],
      [2, 1, true, true],
      // A download holds one copy, whatever was asked.
      [3, 1, true, false],
    ]);
    expect(itemCount(lines)).toBe(5);
    expect(viewBasket(server.basket(), []).every((l) => !l.pending && l.lineTotal !== null)).toBe(true);
  });
});

describe('a guest basket at login', () => {
  it('moves into the account outbox once, and the server sums it into the account basket up to stock', async () => {
    const server = fakeBasketServer(products());
    server.lines.push({ id: 5, product: 2, quantity: 1, priceAtAdd: 8800, options: [] });
    await enqueue(db, add(2, 1, 0, 'Offline-First Web Apps'));
    await enqueue(db, add(2, 1, 0, 'Offline-First Web Apps'));
    await enqueue(db, add(1, 1, 0));
    await enqueue(db, set(1, 3, 0));

    expect(await adoptGuestBasket(db, USER)).toBe(2);
    // A second tab seeing the same login finds nothing left to move.
    expect(await adoptGuestBasket(db, USER)).toBe(0);
    expect((await queued()).map((op) => [op.owner, op.kind, op.product, op.quantity])).toEqual([
      [USER, 'add', 2, 2],
      [USER, 'add', 1, 3],
    ]);

    await syncBasket(db, USER, server.api);

    expect(server.lines.map((l) => [l.product, l.quantity])).toEqual([
      [2, 2],
      [1, 3],
    ]);
    expect(await notices()).toMatchObject([
      { code: 'merged', new: 2 },
      { code: 'quantity_clamped', title: 'Offline-First Web Apps', old: 3, new: 2 },
    ]);
  });

  it('is never sent while the shopper is a guest', async () => {
    const server = fakeBasketServer(products());
    await enqueue(db, add(1, 1, 0));
    await syncBasket(db, USER, server.api);
    expect(server.applied()).toBe(0);
    expect(await queued()).toHaveLength(1);
  });
});
