import type { PageQuery } from '../../../shared/api/common.js';
import type { AddProduct, Basket, BasketChanges, BasketListQuery, Correction, ShippingMethod } from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden, Invalid } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import {
  countBaskets,
  deleteBasket as removeBasket,
  ensureOpenBasket,
  findBasket,
  listBaskets as selectBaskets,
  updateBasket as writeBasket,
  type BasketRow,
} from './basket-repo.js';
import { addToBasket } from './basket-lines-service.js';
import { reconcile } from './basket-reconcile.js';
import { assertOpen, load, money, prepare, reachableBasket, stepOf, type Step } from './basket-step.js';
import { basketView, needsShipping, offeredMethod, pricedLines } from './basket-view.js';
import { findCountry } from './catalogue-repo.js';
import { chargeFor, findVoucher, findVoucherByCode, voucherUnusable } from './offers-service.js';
import { runChange, type OpAnswer, type OpRequest } from './ops.js';
import { lineTotal } from './totals.js';

/*
 * A basket as a whole: its owner's, read and made true to the catalogue; its shipping and its voucher. Its
 * lines are in basket-lines-service.ts; what reads and changes share, in basket-step.ts.
 */

/** Runs a change on a reachable, open basket; the answer is the basket with what changed. */
async function changeBasket(
  ctx: AppContext,
  actor: Actor,
  request: OpRequest,
  which: number | 'own',
  lang: Language | undefined,
  change: (step: Step, basket: BasketRow) => Promise<Correction[] | void>,
): Promise<OpAnswer<Basket>> {
  const base = await prepare(ctx, actor, lang);
  return runChange(ctx, actor, request, async (trx) => {
    const step = stepOf(base, trx);
    const basket = which === 'own' ? await ensureOpenBasket(trx, actor.id, step.now) : await reachableBasket(trx, actor, which);
    assertOpen(basket);
    const early = (await change(step, basket)) ?? [];
    const later = await reconcile(step, (await findBasket(trx, basket.id))!);
    await writeBasket(trx, basket.id, { updated_at: step.now });
    return { status: 200, body: await basketView(step, basket.id, [...early, ...later]) };
  });
}

/** The caller's open basket (created on first use), made true to the catalogue. */
export async function ownBasket(ctx: AppContext, actor: Actor, lang?: Language): Promise<Basket> {
  const base = await prepare(ctx, actor, lang);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const step = stepOf(base, trx);
    const basket = await ensureOpenBasket(trx, actor.id, step.now);
    return basketView(step, basket.id, await reconcile(step, basket));
  });
}

export async function getBasket(ctx: AppContext, actor: Actor, id: number, lang?: Language): Promise<Basket> {
  const base = await prepare(ctx, actor, lang);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const step = stepOf(base, trx);
    const basket = await reachableBasket(trx, actor, id);
    const corrections = basket.status === 'open' ? await reconcile(step, basket) : [];
    return basketView(step, id, corrections);
  });
}

export async function listBaskets(ctx: AppContext, actor: Actor, query: BasketListQuery & PageQuery) {
  if (query.owner !== undefined && query.owner !== actor.id && !isStaff(actor)) throw new Forbidden('Only staff see other people’s baskets.');
  const filters = { ownerId: isStaff(actor) ? query.owner : actor.id, status: query.status };
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countBaskets(db, filters), selectBaskets(db, filters, query.page_size, offsetOf(query))]);
  return {
    count,
    results: rows.map((b) => ({ id: b.id, owner: b.owner_id, status: b.status, num_lines: Number(b.num_lines ?? 0), date_created: b.created_at, date_updated: b.updated_at })),
  };
}

/** Sets the shipping country and method; a method must ship the basket to that country. */
async function applyShipping(step: Step, basket: BasketRow, changes: BasketChanges): Promise<void> {
  const { trx } = step;
  const country = changes.shipping_country !== undefined ? changes.shipping_country : basket.shipping_country;
  if (country !== null && !(await findCountry(trx, country))) throw Invalid.field('shipping_country', 'Unknown country.');
  let methodId = basket.shipping_method_id;
  if (changes.shipping_method !== undefined) {
    methodId = null;
    if (changes.shipping_method !== null) {
      const loaded = await load(step, basket);
      if (!needsShipping(loaded)) throw Invalid.field('shipping_method', 'Nothing in this basket needs shipping.');
      const method = loaded.methods.find((m) => m.row.code === changes.shipping_method);
      if (!method) throw Invalid.field('shipping_method', 'No such shipping method.');
      if (chargeFor(method, country) === null) throw Invalid.field('shipping_method', country === null ? 'Choose the shipping country first.' : `This method does not ship to ${country}.`);
      methodId = method.row.id;
    }
  }
  await writeBasket(trx, basket.id, { shipping_country: country, shipping_method_id: methodId, updated_at: step.now });
}

export function updateBasket(ctx: AppContext, actor: Actor, id: number, changes: BasketChanges, request: OpRequest, lang?: Language) {
  return changeBasket(ctx, actor, request, id, lang, (step, basket) => applyShipping(step, basket, changes));
}

export function chooseShipping(ctx: AppContext, actor: Actor, choice: { code: string; country: string }, request: OpRequest, lang?: Language) {
  return changeBasket(ctx, actor, request, 'own', lang, (step, basket) => applyShipping(step, basket, { shipping_country: choice.country, shipping_method: choice.code }));
}

export async function deleteBasket(ctx: AppContext, actor: Actor, id: number, request: OpRequest): Promise<OpAnswer<null>> {
  return runChange(ctx, actor, request, async (trx) => {
    await reachableBasket(trx, actor, id);
    await removeBasket(trx, id);
    return { status: 204, body: null };
  });
}

/** The shipping methods that can ship the caller's basket to the country (given, or the basket's), their texts in `lang`. */
export async function basketShippingMethods(ctx: AppContext, actor: Actor, country: string | undefined, lang?: Language): Promise<ShippingMethod[]> {
  const base = await prepare(ctx, actor, lang);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    // As choosing one does: a country that does not exist is named, not answered as "no method ships there".
    if (country !== undefined && !(await findCountry(trx, country))) throw Invalid.field('country', 'Unknown country.');
    const step = stepOf(base, trx);
    // Read only: what reconciling would change is reported by the next basket answer, not lost here.
    const basket = await ensureOpenBasket(trx, actor.id, step.now);
    const view = await basketView(step, basket.id, []);
    if (!view.shipping_required) return [];
    const to = country ?? basket.shipping_country;
    const loaded = await load(step, basket);
    return loaded.methods.flatMap((m) => {
      const charge = chargeFor(m, to);
      return charge === null ? [] : [offeredMethod(m, charge, view.total_excl_tax, step.lang)];
    });
  });
}

// Vouchers

export function addVoucher(ctx: AppContext, actor: Actor, code: string, request: OpRequest, lang?: Language) {
  return changeBasket(ctx, actor, request, 'own', lang, async (step, basket) => {
    const early = await reconcile(step, basket);
    const voucher = await findVoucherByCode(step.trx, code);
    if (!voucher) throw Invalid.field('vouchercode', 'Voucher code unknown.');
    const reason = await voucherUnusable(step.trx, voucher, basket.owner_id, step.now);
    if (reason) throw Invalid.field('vouchercode', reason);
    const fresh = (await findBasket(step.trx, basket.id))!;
    const loaded = await load(step, { ...fresh, voucher_id: voucher.id });
    const covered = pricedLines(loaded).filter((l) => l.covered);
    const coveredTotal = covered.reduce((sum, l) => sum + lineTotal(l), 0);
    if (coveredTotal === 0) throw Invalid.field('vouchercode', 'This voucher applies to none of the products in your basket.');
    if (coveredTotal < voucher.min_spend) throw Invalid.field('vouchercode', `Spend at least ${money(ctx, voucher.min_spend)} on the products it covers to use this voucher.`);
    await writeBasket(step.trx, basket.id, { voucher_id: voucher.id, updated_at: step.now });
    return early;
  });
}

export function removeVoucher(ctx: AppContext, actor: Actor, code: string, request: OpRequest, lang?: Language) {
  return changeBasket(ctx, actor, request, 'own', lang, async (step, basket) => {
    const current = basket.voucher_id === null ? undefined : await findVoucher(step.trx, basket.voucher_id);
    if (!current || current.code !== code) throw Invalid.field('vouchercode', 'This voucher is not in your basket.');
    await writeBasket(step.trx, basket.id, { voucher_id: null, updated_at: step.now });
  });
}

export function addProduct(ctx: AppContext, actor: Actor, input: AddProduct, request: OpRequest, lang?: Language) {
  return changeBasket(ctx, actor, request, 'own', lang, async (step, basket) => (await addToBasket(step, basket, input)).corrections);
}
