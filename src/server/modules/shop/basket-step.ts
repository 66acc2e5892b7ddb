import type { Kysely } from 'kysely';
import type { Correction } from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { Database } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { attributesOfLines, findBasket, linesOf, type BasketRow, type LineAttributeRow, type LineRow } from './basket-repo.js';
import { findProductsByIds, stockRecordsOf } from './catalogue-repo.js';
import { findVoucher, methodsWithCountries, type MethodWithCountries } from './offers-service.js';
import { productsInRange, type VoucherRow } from './offers-repo.js';
import { membershipPrices, stateOf, type MembershipPrices, type ProductState } from './product-state.js';

/*
 * What the basket's reads and changes share: the step a change runs in, who may reach a basket, and the
 * reading of a basket's parts (lines, their products' states, the voucher, the shipping methods).
 */

/** What every step of a basket change needs. */
export interface Step {
  ctx: AppContext;
  /** The change's transaction (or the database, for a read). */
  trx: Kysely<Database>;
  actor: Actor;
  prices: MembershipPrices;
  now: string;
  /** The language of the shipping methods' names and descriptions in the answer (else the default texts). */
  lang: Language | undefined;
}

export const money = (ctx: AppContext, amount: number) => `${(amount / 100).toFixed(2)} ${ctx.config.currency}`;

// Access: a basket answers its owner and staff; anyone else gets the 404 of a basket that does not exist.

export async function reachableBasket(db: Kysely<Database>, actor: Actor, id: number): Promise<BasketRow> {
  const basket = await findBasket(db, id);
  if (!basket || (basket.owner_id !== actor.id && !isStaff(actor))) throw new NotFound('Basket');
  return basket;
}

export function assertOpen(basket: BasketRow): void {
  if (basket.status !== 'open') throw new Conflict('This basket is no longer open; it cannot change.');
}

// Reading a basket's parts

export interface Loaded {
  lines: LineRow[];
  states: Map<number, ProductState>;
  attributes: LineAttributeRow[];
  voucher: VoucherRow | undefined;
  covered: Set<number>;
  methods: MethodWithCountries[];
}

export async function load(step: Step, basket: BasketRow): Promise<Loaded> {
  const { trx } = step;
  const lines = await linesOf(trx, basket.id);
  const productIds = [...new Set(lines.map((l) => l.product_id))];
  const [products, records, attributes, voucher, methods] = await Promise.all([
    findProductsByIds(trx, productIds),
    stockRecordsOf(trx, productIds),
    attributesOfLines(
      trx,
      lines.map((l) => l.id),
    ),
    basket.voucher_id === null ? undefined : findVoucher(trx, basket.voucher_id),
    methodsWithCountries(trx, true),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  const states = new Map(lines.map((l) => [l.id, stateOf(byId.get(l.product_id)!, records, step.prices, l.stockrecord_id)]));
  const covered = voucher === undefined ? new Set<number>() : voucher.range_id === null ? new Set(productIds) : await productsInRange(trx, voucher.range_id, productIds);
  return { lines, states, attributes, voucher, covered, methods };
}


export async function prepare(ctx: AppContext, actor: Actor, lang?: Language): Promise<Omit<Step, 'trx' | 'now'>> {
  return { ctx, actor, prices: await membershipPrices(ctx), lang };
}

export const stepOf = (base: Omit<Step, 'trx' | 'now'>, trx: Kysely<Database>): Step => ({ ...base, trx, now: nowIso() });

export const correction = (c: Partial<Correction> & Pick<Correction, 'code' | 'message'>): Correction => ({ line: null, product: null, old_value: null, new_value: null, ...c });
