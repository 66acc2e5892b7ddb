import type { Basket, BasketLine, Correction } from '../../../../shared/api/shop.js';
import { SINGLE_COPY_CLASSES, shopPaths } from '../../../../shared/api/shop-paths.js';
import type { BasketNoticeRow, BasketOpRow } from '../../../lib/db.js';
import { pathOf } from '../../../lib/http.js';

/*
 * The basket outbox, as plain functions over plain rows: every basket change is a row (with its operation id)
 * that is shown at once as pending and sent, in order, when the device is online. The server's replay guarantee
 * (the same operation id answers the same, changing nothing) makes a retry after a lost answer safe. What the
 * server changed or refused becomes a notice for the shopper; nothing is dropped silently.
 */

export type BasketOp = BasketOpRow;
export type SentRequest = NonNullable<BasketOpRow['request']>;
export type BasketNotice = BasketNoticeRow;
export type LineOptions = BasketOpRow['options'];

/** One line (product and option values): option values in option order, blanks left out, as the server does. */
export function lineKey(product: number, options: LineOptions): string {
  const kept = options
    .filter((o) => o.value !== '')
    .sort((a, b) => a.option - b.option)
    .map((o) => [o.option, o.value]);
  return `${product}:${JSON.stringify(kept)}`;
}

export const keyOfLine = (line: BasketLine) =>
  lineKey(
    line.product,
    line.attributes.map((a) => ({ option: a.option, value: a.value })),
  );

/** A line as the shopper sees it: the server's line with the pending changes made on it. */
export interface ViewLine {
  key: string;
  /** The server's line id; null for a line that exists only on this device yet. */
  lineId: number | null;
  product: number;
  title: string;
  productClass: string;
  quantity: number;
  /** The server's unit price (or the price seen when adding, for a line not sent yet). */
  unitPrice: number | null;
  currency: string;
  /** The server's line total; null while the line has changes waiting. */
  lineTotal: number | null;
  options: LineOptions;
  warning: string | null;
  pending: boolean;
  /** A removal is waiting: the line stays visible, marked, until the server agrees. */
  removed: boolean;
}

const isSingleCopy = (productClass: string) => (SINGLE_COPY_CLASSES as readonly string[]).includes(productClass);

/** The basket the shopper sees: the server's last answer (none for a guest) with the outbox applied in order. */
export function viewBasket(basket: Basket | null, ops: readonly BasketOp[]): ViewLine[] {
  const lines: ViewLine[] = (basket?.lines ?? []).map((l) => ({
    key: keyOfLine(l),
    lineId: l.id,
    product: l.product,
    title: l.product_title,
    productClass: l.product_class,
    quantity: l.quantity,
    unitPrice: l.unit_price,
    currency: l.price_currency,
    lineTotal: l.price_incl_tax,
    options: l.attributes.map((a) => ({ option: a.option, value: a.value })),
    warning: l.warning,
    pending: false,
    removed: false,
  }));
  for (const op of ops) {
    const line = lines.find((l) => l.key === op.key);
    if (op.kind === 'add') {
      if (line && !line.removed) {
        line.quantity = isSingleCopy(line.productClass) ? 1 : line.quantity + op.quantity;
        line.pending = true;
        line.lineTotal = null;
      } else if (line) {
        Object.assign(line, { quantity: op.quantity, removed: false, pending: true, lineTotal: null });
      } else {
        lines.push({
          key: op.key,
          lineId: null,
          product: op.product,
          title: op.title,
          productClass: op.productClass,
          quantity: isSingleCopy(op.productClass) ? 1 : op.quantity,
          unitPrice: op.unitPrice,
          currency: op.currency,
          lineTotal: null,
          options: op.options,
          warning: null,
          pending: true,
          removed: false,
        });
      }
    } else if (line && op.kind === 'set') {
      Object.assign(line, { quantity: op.quantity, pending: true, lineTotal: null });
    } else if (line && op.kind === 'remove') {
      if (line.lineId === null) lines.splice(lines.indexOf(line), 1);
      else Object.assign(line, { removed: true, pending: true, lineTotal: null });
    }
  }
  return lines;
}

/** Items in the basket (the header's count): lines not being removed, by quantity. */
export const itemCount = (lines: readonly ViewLine[]) => lines.reduce((sum, l) => sum + (l.removed ? 0 : l.quantity), 0);

/**
 * Another change of the same line's quantity replaces a queued one that was never sent (pressing "+" five
 * times sends one change); a change once sent keeps its id and request, since the server may have made it.
 */
export function coalesce(last: BasketOp | undefined, next: BasketOp): BasketOp | null {
  if (!last || last.request || last.owner !== next.owner || last.key !== next.key) return null;
  if (last.kind === 'set' && next.kind === 'set') return { ...last, quantity: next.quantity };
  return null;
}

/**
 * The request of a change against the server's basket as last answered. Quantity changes and removals name the
 * line by id, found by product and options; `gone` when the basket no longer has that line.
 */
export function requestFor(op: BasketOp, basket: Basket | null): SentRequest | 'gone' {
  if (op.kind === 'add') {
    return { method: 'POST', path: shopPaths.basketAddProduct, body: { product: op.product, quantity: op.quantity, stockrecord: null, options: op.options } };
  }
  const line = basket?.lines.find((l) => keyOfLine(l) === op.key);
  if (!basket || !line) return 'gone';
  const path = pathOf(shopPaths.line, { id: basket.id, line_id: line.id });
  return op.kind === 'set' ? { method: 'PATCH', path, body: { quantity: op.quantity } } : { method: 'DELETE', path };
}

/** A failed send as the http client reports it (`ApiError`): status 0 when the server was never reached. */
export interface SendFailure {
  status: number;
  message: string;
  fields?: Record<string, string>;
}

const asFailure = (err: unknown): SendFailure => {
  const e = err as Partial<SendFailure> | null;
  return { status: typeof e?.status === 'number' ? e.status : 0, message: typeof e?.message === 'string' ? e.message : String(err), ...(e?.fields ? { fields: e.fields } : {}) };
};

/**
 * Whether the server refused the change for good (shown, then dropped), rather than not now: no connection,
 * a server error, throttling, a login to renew, or the same change still being made by another send.
 */
export function isRefusal(failure: SendFailure): boolean {
  if (failure.status < 400 || failure.status >= 500) return false;
  if (failure.status === 401 || failure.status === 403 || failure.status === 408 || failure.status === 429) return false;
  if (failure.status === 409 && /still being made/i.test(failure.message)) return false;
  return true;
}

/** The reason of a refusal as the shopper should read it: the field's message when the server named one. */
const reasonOf = (failure: SendFailure) => {
  const field = failure.fields ? Object.values(failure.fields)[0] : undefined;
  return field ?? failure.message;
};

export interface NoticeContext {
  owner: number;
  currency: string;
  /** Product titles by product id, from the baskets and changes known so far. */
  titles: Map<number, string>;
  at: string;
}

/** The server's corrections as notices for the shopper, each naming its product. */
export function noticesOf(corrections: readonly Correction[], ctx: NoticeContext): BasketNotice[] {
  return corrections.map((c) => ({
    owner: ctx.owner,
    code: c.code,
    title: c.product === null ? '' : (ctx.titles.get(c.product) ?? ''),
    old: c.old_value,
    new: c.new_value,
    currency: ctx.currency,
    reason: c.message,
    at: ctx.at,
  }));
}

/** Where the outbox keeps its rows (Dexie in the app, memory in tests). */
export interface OutboxStore {
  /** The owner's queued changes, oldest first. */
  pending(owner: number): Promise<BasketOp[]>;
  /** Records the request a change was first sent with. */
  markSent(op: BasketOp, request: SentRequest): Promise<void>;
  /** The change is settled (made, refused or moot): it leaves the outbox. */
  settle(op: BasketOp): Promise<void>;
  snapshot(owner: number): Promise<Basket | null>;
  saveSnapshot(owner: number, basket: Basket): Promise<void>;
  notify(notices: BasketNotice[]): Promise<void>;
}

export interface OutboxApi {
  /** Sends a change with its operation id; throws a `SendFailure`-like error when it fails. */
  send(request: SentRequest, opId: string): Promise<unknown>;
  /** The caller's basket, made true to the catalogue (its `corrections` say what that changed). */
  fetchBasket(): Promise<Basket>;
}

export interface ReplayResult {
  /** `synced`: the outbox is empty and the basket fresh; `pending`: changes wait for a better moment. */
  state: 'synced' | 'pending';
  sent: number;
  refused: number;
  /** Why the replay stopped early, when it did. */
  failure?: SendFailure;
}

const isBasket = (body: unknown): body is Basket => typeof body === 'object' && body !== null && Array.isArray((body as Basket).lines) && 'order_total' in body;
const correctionsOf = (body: unknown): Correction[] => {
  const list = (body as { corrections?: unknown } | null)?.corrections;
  return Array.isArray(list) ? (list as Correction[]) : [];
};

/**
 * Sends the owner's queued changes in order. A change the server made (or had made: a replay) leaves the
 * outbox with what the server corrected as notices; one it refuses (a 4xx) leaves it with the refusal as a
 * notice; anything else (offline, a 5xx, a login to renew) stops the replay with the rest still queued, in
 * order. Once the outbox is empty, the basket is read again and kept.
 */
export async function replayOutbox(owner: number, store: OutboxStore, api: OutboxApi, now: () => string = () => new Date().toISOString()): Promise<ReplayResult> {
  let basket = await store.snapshot(owner);
  const titles = new Map<number, string>();
  for (const l of basket?.lines ?? []) titles.set(l.product, l.product_title);
  const ctx = (currency: string): NoticeContext => ({ owner, currency, titles, at: now() });
  let sent = 0;
  let refused = 0;
  for (const op of await store.pending(owner)) {
    if (!titles.has(op.product)) titles.set(op.product, op.title);
    let request = op.request;
    if (!request) {
      const resolved = requestFor(op, basket);
      if (resolved === 'gone') {
        await store.notify([{ owner, code: 'gone', title: op.title, old: null, new: null, currency: op.currency, reason: '', at: now() }]);
        await store.settle(op);
        refused += 1;
        continue;
      }
      request = resolved;
      await store.markSent(op, request);
    }
    let answer: unknown;
    try {
      answer = await api.send(request, op.opId);
    } catch (err) {
      const failure = asFailure(err);
      if (!isRefusal(failure)) return { state: 'pending', sent, refused, failure };
      // A removal of a line the basket no longer has: what the shopper wanted is so.
      if (op.kind === 'remove' && failure.status === 404) {
        await store.settle(op);
        continue;
      }
      await store.notify([{ owner, code: 'refused', title: op.title, old: null, new: null, currency: op.currency, reason: reasonOf(failure), at: now() }]);
      await store.settle(op);
      refused += 1;
      continue;
    }
    sent += 1;
    if (isBasket(answer)) {
      for (const l of answer.lines) titles.set(l.product, l.product_title);
      basket = answer;
      await store.saveSnapshot(owner, answer);
    }
    const corrections = correctionsOf(answer);
    if (corrections.length) await store.notify(noticesOf(corrections, ctx(basket?.currency ?? op.currency)));
    await store.settle(op);
  }
  try {
    const fresh = await api.fetchBasket();
    for (const l of fresh.lines) titles.set(l.product, l.product_title);
    await store.saveSnapshot(owner, fresh);
    if (fresh.corrections.length) await store.notify(noticesOf(fresh.corrections, ctx(fresh.currency)));
  } catch (err) {
    return { state: 'pending', sent, refused, failure: asFailure(err) };
  }
  return { state: 'synced', sent, refused };
}

/**
 * A guest's basket as changes for the account that just logged in: one addition per line, with new operation
 * ids. The server adds each to the account's line of the same product (quantities summed) and keeps no more
 * than is in stock, saying so in its corrections.
 */
export function mergeGuestOps(guestOps: readonly BasketOp[], userId: number, newOpId: () => string, at: string): BasketOp[] {
  return viewBasket(null, guestOps)
    .filter((l) => !l.removed && l.quantity > 0)
    .map((l) => ({
      owner: userId,
      opId: newOpId(),
      kind: 'add' as const,
      key: l.key,
      product: l.product,
      options: l.options,
      quantity: l.quantity,
      title: l.title,
      productClass: l.productClass,
      unitPrice: l.unitPrice,
      currency: l.currency,
      createdAt: at,
    }));
}

/** A fresh operation id: 128 random bits (crypto.getRandomValues works on plain http too, unlike randomUUID). */
export function newOpId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
