import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/api/common.js';
import {
  MAX_LINE_QUANTITY,
  SINGLE_COPY_CLASSES,
  type AddProduct,
  type Basket,
  type BasketChanges,
  type BasketLine,
  type BasketLineChanged,
  type BasketListQuery,
  type Correction,
  type LineAttribute,
  type ShippingMethod,
} from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { Database } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { nowIso } from '../../platform/time.js';
import {
  attributesOfLines,
  countBaskets,
  deleteBasket as removeBasket,
  deleteLine as removeLine,
  ensureOpenBasket,
  findBasket,
  findLine,
  findLineByReference,
  insertAttributes,
  insertLine,
  linesOf,
  listBaskets as selectBaskets,
  updateAttribute,
  updateBasket as writeBasket,
  updateLine as writeLine,
  type BasketRow,
  type LineAttributeRow,
  type LineRow,
} from './basket-repo.js';
import { findCountry, findProduct, findProductsByIds, optionsOfProducts, stockRecordsOf } from './catalogue-repo.js';
import { membershipPrices, requiresShipping, stateOf, type MembershipPrices, type ProductState } from './product-state.js';
import { chargeFor, findVoucher, findVoucherByCode, methodsWithCountries, methodTexts, voucherUnusable, type MethodWithCountries } from './offers-service.js';
import { productsInRange, type VoucherRow } from './offers-repo.js';
import { runChange, type OpAnswer, type OpRequest } from './ops.js';
import { basketTotals, lineTotal, type PricedLine } from './totals.js';

/** What every step of a basket change needs. */
interface Step {
  ctx: AppContext;
  /** The change's transaction (or the database, for a read). */
  trx: Kysely<Database>;
  actor: Actor;
  prices: MembershipPrices;
  now: string;
  /** The language of the shipping methods' names and descriptions in the answer (else the default texts). */
  lang: Language | undefined;
}

const money = (ctx: AppContext, amount: number) => `${(amount / 100).toFixed(2)} ${ctx.config.currency}`;

// Access: a basket answers its owner and staff; anyone else gets the 404 of a basket that does not exist.

async function reachableBasket(db: Kysely<Database>, actor: Actor, id: number): Promise<BasketRow> {
  const basket = await findBasket(db, id);
  if (!basket || (basket.owner_id !== actor.id && !isStaff(actor))) throw new NotFound('Basket');
  return basket;
}

function assertOpen(basket: BasketRow): void {
  if (basket.status !== 'open') throw new Conflict('This basket is no longer open; it cannot change.');
}

// Reading a basket's parts

interface Loaded {
  lines: LineRow[];
  states: Map<number, ProductState>;
  attributes: LineAttributeRow[];
  voucher: VoucherRow | undefined;
  covered: Set<number>;
  methods: MethodWithCountries[];
}

async function load(step: Step, basket: BasketRow): Promise<Loaded> {
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

/** The most a line may hold now: what is in stock, one copy of a membership or download, the per-line cap. */
function lineLimit(state: ProductState): number {
  if ((SINGLE_COPY_CLASSES as readonly string[]).includes(state.row.product_class)) return 1;
  return Math.min(MAX_LINE_QUANTITY, state.available ?? MAX_LINE_QUANTITY);
}

/** The most all the lines of one product may hold together: what is in stock, or one copy of a membership or download. */
function productLimit(state: ProductState): number {
  if ((SINGLE_COPY_CLASSES as readonly string[]).includes(state.row.product_class)) return 1;
  return state.available ?? Number.POSITIVE_INFINITY;
}

const correction = (c: Partial<Correction> & Pick<Correction, 'code' | 'message'>): Correction => ({ line: null, product: null, old_value: null, new_value: null, ...c });

/**
 * Makes the basket true to the catalogue, writing only what differs, and lists what it changed: lines of
 * withdrawn or sold-out products go, quantities above stock come down, prices move to today's, a voucher
 * that can no longer be used and a shipping method that no longer fits are taken off.
 */
async function reconcile(step: Step, basket: BasketRow): Promise<Correction[]> {
  const { trx, ctx, now } = step;
  const loaded = await load(step, basket);
  const out: Correction[] = [];
  let shippable = false;
  // The units of each product kept by the lines before: a product's lines (one per choice of options) share its stock.
  const kept = new Map<number, number>();
  for (const line of loaded.lines) {
    const state = loaded.states.get(line.id)!;
    const who = { line: line.id, product: line.product_id };
    const title = state.row.title;
    if (!state.onSale || state.price === null) {
      await removeLine(trx, line.id);
      out.push(correction({ ...who, code: 'product_withdrawn', message: `"${title}" is no longer for sale and was removed.` }));
      continue;
    }
    const before = kept.get(line.product_id) ?? 0;
    const limit = Math.min(lineLimit(state), productLimit(state) - before);
    if (limit <= 0) {
      await removeLine(trx, line.id);
      out.push(
        before > 0
          ? correction({ ...who, code: 'quantity_clamped', message: `Your basket's other lines of "${title}" hold all that can be bought; this one was removed.`, old_value: line.quantity, new_value: 0 })
          : correction({ ...who, code: 'out_of_stock', message: `"${title}" is out of stock and was removed.`, old_value: line.quantity, new_value: 0 }),
      );
      continue;
    }
    const changes: { quantity?: number; price_at_add?: number; stockrecord_id?: number | null } = {};
    if (line.quantity > limit) {
      changes.quantity = limit;
      const why =
        before > 0
          ? `Only ${productLimit(state)} of "${title}" can be bought, ${before} of them in your basket's other lines`
          : state.available !== null && state.available === limit
            ? `Only ${limit} of "${title}" in stock`
            : `At most ${limit} of "${title}" per basket`;
      out.push(correction({ ...who, code: 'quantity_clamped', message: `${why}; the quantity is now ${limit}.`, old_value: line.quantity, new_value: limit }));
    }
    kept.set(line.product_id, before + Math.min(line.quantity, limit));
    if (state.price !== line.price_at_add) {
      changes.price_at_add = state.price;
      out.push(
        correction({ ...who, code: 'price_changed', message: `The price of "${title}" is now ${money(ctx, state.price)} (was ${money(ctx, line.price_at_add)}).`, old_value: line.price_at_add, new_value: state.price }),
      );
    }
    const recordId = state.record?.id ?? null;
    if (recordId !== line.stockrecord_id) changes.stockrecord_id = recordId;
    if (Object.keys(changes).length) await writeLine(trx, line.id, { ...changes, updated_at: now });
    if (requiresShipping(state.row.product_class)) shippable = true;
  }
  const basketChanges: { voucher_id?: null; shipping_method_id?: null } = {};
  if (basket.voucher_id !== null) {
    const reason = loaded.voucher ? await voucherUnusable(trx, loaded.voucher, basket.owner_id, now) : 'The voucher no longer exists.';
    if (reason) {
      basketChanges.voucher_id = null;
      out.push(correction({ code: 'voucher_removed', message: `${reason} It was taken off the basket.` }));
    }
  }
  if (basket.shipping_method_id !== null) {
    const method = loaded.methods.find((m) => m.row.id === basket.shipping_method_id);
    const fits = shippable && method !== undefined && chargeFor(method, basket.shipping_country) !== null;
    if (!fits) {
      basketChanges.shipping_method_id = null;
      const why = shippable ? 'The chosen shipping method no longer ships this basket' : 'The basket needs no shipping now';
      out.push(correction({ code: 'shipping_method_removed', message: `${why}; choose again at checkout.` }));
    }
  }
  if (Object.keys(basketChanges).length) await writeBasket(trx, basket.id, { ...basketChanges, updated_at: now });
  return out;
}

// Shapes

function lineWarning(ctx: AppContext, line: LineRow, state: ProductState): string | null {
  if (!state.onSale || state.price === null) return 'This product is no longer for sale.';
  if (state.available !== null && state.available < line.quantity) return `Only ${state.available} in stock.`;
  if (state.price !== line.price_at_add) return `The price is now ${money(ctx, state.price)}.`;
  return null;
}

function toAttribute(a: LineAttributeRow): LineAttribute {
  return { id: a.id, line: a.line_id, option: a.option_id, option_code: a.option_code, value: a.value };
}

function toLines(ctx: AppContext, basket: BasketRow, loaded: Loaded, discounts: Map<number, number>): BasketLine[] {
  return loaded.lines.map((line) => {
    const state = loaded.states.get(line.id)!;
    const unit = state.price ?? line.price_at_add;
    const gross = unit * line.quantity;
    const discount = discounts.get(line.id) ?? 0;
    return {
      id: line.id,
      basket: basket.id,
      product: line.product_id,
      product_title: state.row.title,
      product_class: state.row.product_class,
      stockrecord: line.stockrecord_id,
      quantity: line.quantity,
      attributes: loaded.attributes.filter((a) => a.line_id === line.id).map(toAttribute),
      price_currency: ctx.config.currency,
      unit_price: unit,
      price_excl_tax: gross - discount,
      price_incl_tax: gross - discount,
      price_excl_tax_excl_discounts: gross,
      price_incl_tax_excl_discounts: gross,
      discount,
      is_tax_known: true,
      warning: lineWarning(ctx, line, state),
      date_created: line.created_at,
      date_updated: line.updated_at,
    };
  });
}

function pricedLines(loaded: Loaded): PricedLine[] {
  return loaded.lines.map((l) => {
    const state = loaded.states.get(l.id)!;
    return { id: l.id, unitPrice: state.onSale && state.price !== null ? state.price : 0, quantity: l.quantity, covered: loaded.covered.has(l.product_id) };
  });
}

const needsShipping = (loaded: Loaded) => loaded.lines.some((l) => requiresShipping(loaded.states.get(l.id)!.row.product_class));

function offeredMethod(m: MethodWithCountries, charge: number, goods: number, lang: Language | undefined): ShippingMethod {
  const free = m.row.free_over !== null && goods >= m.row.free_over;
  return { code: m.row.code, ...methodTexts(m.row, lang), price: free ? 0 : charge, is_discounted: free, discount: free ? charge : 0 };
}

async function basketView(step: Step, basketId: number, corrections: Correction[]): Promise<Basket> {
  const { ctx, trx } = step;
  const basket = (await findBasket(trx, basketId))!;
  const loaded = await load(step, basket);
  const priced = pricedLines(loaded);
  const shippingRequired = needsShipping(loaded);
  const method = shippingRequired ? loaded.methods.find((m) => m.row.id === basket.shipping_method_id) : undefined;
  const charge = method ? chargeFor(method, basket.shipping_country) : null;
  const voucher = loaded.voucher;
  const totals = basketTotals(
    priced,
    voucher ? { discountType: voucher.discount_type, value: voucher.value, minSpend: voucher.min_spend } : null,
    method && charge !== null ? { charge, freeOver: method.row.free_over } : null,
  );
  const goods = totals.subtotal - totals.discount;
  return {
    id: basket.id,
    owner: basket.owner_id,
    status: basket.status,
    lines: toLines(ctx, basket, loaded, totals.lineDiscounts),
    currency: ctx.config.currency,
    total_excl_tax: goods,
    total_excl_tax_excl_discounts: totals.subtotal,
    total_incl_tax: goods,
    total_incl_tax_excl_discounts: totals.subtotal,
    total_tax: 0,
    is_tax_known: true,
    voucher_discounts: voucher
      ? [
          {
            voucher: { name: voucher.name, code: voucher.code, start_datetime: voucher.starts_at, end_datetime: voucher.ends_at },
            name: voucher.name,
            description: totals.voucherApplied
              ? voucher.discount_type === 'percentage'
                ? `${voucher.value}% off`
                : `${money(ctx, voucher.value)} off`
              : totals.coveredSubtotal === 0
                ? 'Applies to none of the products in the basket.'
                : `Spend at least ${money(ctx, voucher.min_spend)} on the products it covers.`,
            amount: totals.discount,
            applied: totals.voucherApplied,
          },
        ]
      : [],
    shipping_required: shippingRequired,
    shipping_country: basket.shipping_country,
    shipping_method: method && charge !== null ? offeredMethod(method, charge, goods, step.lang) : null,
    shipping_charge: totals.shipping?.price ?? 0,
    order_total: totals.total,
    corrections,
    date_created: basket.created_at,
    date_updated: basket.updated_at,
  };
}

// Steps and their answers

async function prepare(ctx: AppContext, actor: Actor, lang?: Language): Promise<Omit<Step, 'trx' | 'now'>> {
  return { ctx, actor, prices: await membershipPrices(ctx), lang };
}

const stepOf = (base: Omit<Step, 'trx' | 'now'>, trx: Kysely<Database>): Step => ({ ...base, trx, now: nowIso() });

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

// Lines

const OPTION_VALUE: Record<string, RegExp> = {
  integer: /^-?\d{1,15}$/,
  boolean: /^(true|false|1|0)$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

/** Checks the options given for a product: its own options only, every required one, values of their type. */
async function checkedOptions(trx: Kysely<Database>, productId: number, given: { option: number; value: string }[], field = 'options') {
  const own = await optionsOfProducts(trx, [productId]);
  const seen = new Set<number>();
  for (const g of given) {
    const option = own.find((o) => o.id === g.option);
    if (!option) throw Invalid.field(field, `Option ${g.option} does not belong to this product.`);
    if (seen.has(g.option)) throw Invalid.field(field, `Option ${option.code} is given twice.`);
    seen.add(g.option);
    const pattern = OPTION_VALUE[option.type];
    if (pattern && g.value !== '' && (!pattern.test(g.value) || (option.type === 'date' && Number.isNaN(Date.parse(g.value))))) {
      throw Invalid.field(field, `Option ${option.code} takes a value of type ${option.type}.`);
    }
    if (option.required === 1 && g.value === '') throw Invalid.field(field, `Option ${option.code} is required.`);
  }
  const missing = own.find((o) => o.required === 1 && !seen.has(o.id));
  if (missing) throw Invalid.field(field, `Option ${missing.code} is required.`);
  return [...given].sort((a, b) => a.option - b.option);
}

/** One line per product and set of option values; a blank optional value counts as none. */
const referenceOf = (productId: number, options: { option: number; value: string }[]) =>
  `${productId}:${createHash('sha256')
    .update(JSON.stringify(options.filter((o) => o.value !== '').map((o) => [o.option, o.value])))
    .digest('hex')
    .slice(0, 32)}`;

/** Adds a quantity of a product to the basket (to its line when it has one); stock is checked afterwards. */
async function addToBasket(step: Step, basket: BasketRow, input: AddProduct): Promise<{ lineId: number; corrections: Correction[] }> {
  const { trx, now } = step;
  const product = await findProduct(trx, input.product);
  if (!product || product.is_public !== 1) throw Invalid.field('product', 'No such product for sale.');
  const records = await stockRecordsOf(trx, [product.id]);
  if (input.stockrecord !== null && !records.some((r) => r.id === input.stockrecord)) throw Invalid.field('stockrecord', 'No such stock record of this product.');
  const state = stateOf(product, records, step.prices, input.stockrecord);
  if (!state.onSale || state.price === null) throw Invalid.field('product', 'This product is not for sale.');
  const options = await checkedOptions(trx, product.id, input.options);
  const reference = referenceOf(product.id, options);
  const existing = await findLineByReference(trx, basket.id, reference);
  const corrections: Correction[] = [];
  if (existing) {
    const wanted = existing.quantity + input.quantity;
    const quantity = Math.min(wanted, MAX_LINE_QUANTITY);
    if (quantity < wanted) {
      corrections.push(
        correction({ line: existing.id, product: product.id, code: 'quantity_clamped', message: `At most ${MAX_LINE_QUANTITY} of "${product.title}" per basket; the quantity is now ${quantity}.`, old_value: wanted, new_value: quantity }),
      );
    }
    await writeLine(trx, existing.id, { quantity, updated_at: now });
    return { lineId: existing.id, corrections };
  }
  const lineId = await insertLine(trx, {
    basket_id: basket.id,
    line_reference: reference,
    product_id: product.id,
    stockrecord_id: state.record?.id ?? null,
    quantity: input.quantity,
    price_at_add: state.price,
    created_at: now,
    updated_at: now,
  });
  await insertAttributes(trx, lineId, options);
  return { lineId, corrections };
}

export function addProduct(ctx: AppContext, actor: Actor, input: AddProduct, request: OpRequest, lang?: Language) {
  return changeBasket(ctx, actor, request, 'own', lang, async (step, basket) => (await addToBasket(step, basket, input)).corrections);
}

async function lineView(step: Step, basketId: number, lineId: number): Promise<BasketLine | undefined> {
  const view = await basketView(step, basketId, []);
  return view.lines.find((l) => l.id === lineId);
}

/** Runs a change on one line; the answer is the line with what changed. A line that stock removed is a 409. */
async function changeLine(
  ctx: AppContext,
  actor: Actor,
  request: OpRequest,
  basketId: number,
  status: number,
  change: (step: Step, basket: BasketRow) => Promise<{ lineId: number; corrections: Correction[] }>,
): Promise<OpAnswer<BasketLineChanged>> {
  const base = await prepare(ctx, actor);
  return runChange(ctx, actor, request, async (trx) => {
    const step = stepOf(base, trx);
    const basket = await reachableBasket(trx, actor, basketId);
    assertOpen(basket);
    const { lineId, corrections } = await change(step, basket);
    const later = await reconcile(step, (await findBasket(trx, basket.id))!);
    await writeBasket(trx, basket.id, { updated_at: step.now });
    const line = await lineView(step, basket.id, lineId);
    if (!line) {
      const gone = later.find((c) => c.line === lineId);
      throw new Conflict(`quantity: ${gone?.message ?? 'The line could not be kept.'}`, { quantity: gone?.message ?? 'The line could not be kept.' });
    }
    return { status, body: { ...line, corrections: [...corrections, ...later] } };
  });
}

async function reachableLine(trx: Kysely<Database>, actor: Actor, basketId: number, lineId: number): Promise<{ basket: BasketRow; line: LineRow }> {
  const basket = await reachableBasket(trx, actor, basketId);
  const line = await findLine(trx, basketId, lineId);
  if (!line) throw new NotFound('Basket line');
  return { basket, line };
}

/** The lines as they stand (read only: corrections, with each line's `warning`, come with the basket's answers). */
export async function listLines(ctx: AppContext, actor: Actor, basketId: number): Promise<BasketLine[]> {
  const base = await prepare(ctx, actor);
  const step = stepOf(base, ctx.db.kysely);
  await reachableBasket(step.trx, actor, basketId);
  return (await basketView(step, basketId, [])).lines;
}

export async function getLine(ctx: AppContext, actor: Actor, basketId: number, lineId: number): Promise<BasketLine> {
  const line = (await listLines(ctx, actor, basketId)).find((l) => l.id === lineId);
  if (!line) throw new NotFound('Basket line');
  return line;
}

export function createLine(ctx: AppContext, actor: Actor, basketId: number, input: AddProduct, request: OpRequest) {
  return changeLine(ctx, actor, request, basketId, 201, (step, basket) => addToBasket(step, basket, input));
}

export function updateLine(ctx: AppContext, actor: Actor, basketId: number, lineId: number, quantity: number | undefined, request: OpRequest) {
  return changeLine(ctx, actor, request, basketId, 200, async (step) => {
    const { line } = await reachableLine(step.trx, actor, basketId, lineId);
    if (quantity !== undefined) await writeLine(step.trx, line.id, { quantity, updated_at: step.now });
    return { lineId, corrections: [] };
  });
}

export async function deleteLine(ctx: AppContext, actor: Actor, basketId: number, lineId: number, request: OpRequest): Promise<OpAnswer<null>> {
  return runChange(ctx, actor, request, async (trx) => {
    const { basket } = await reachableLine(trx, actor, basketId, lineId);
    assertOpen(basket);
    await removeLine(trx, lineId);
    await writeBasket(trx, basketId, { updated_at: nowIso() });
    return { status: 204, body: null };
  });
}

// Line attributes

async function reachableAttribute(trx: Kysely<Database>, actor: Actor, basketId: number, lineId: number, attributeId: number) {
  const { basket, line } = await reachableLine(trx, actor, basketId, lineId);
  const attributes = await attributesOfLines(trx, [lineId]);
  const attribute = attributes.find((a) => a.id === attributeId);
  if (!attribute) throw new NotFound('Line attribute');
  return { basket, line, attribute, attributes };
}

export async function getLineAttribute(ctx: AppContext, actor: Actor, basketId: number, lineId: number, attributeId: number): Promise<LineAttribute> {
  return toAttribute((await reachableAttribute(ctx.db.kysely, actor, basketId, lineId, attributeId)).attribute);
}

/** Changes an option's value on a line; the line then stands for another option set, which must not have a line already. */
export async function updateLineAttribute(ctx: AppContext, actor: Actor, basketId: number, lineId: number, attributeId: number, value: string | undefined, request: OpRequest): Promise<OpAnswer<LineAttribute>> {
  return runChange(ctx, actor, request, async (trx) => {
    const { basket, line, attribute, attributes } = await reachableAttribute(trx, actor, basketId, lineId, attributeId);
    assertOpen(basket);
    if (value !== undefined && value !== attribute.value) {
      const options = await checkedOptions(
        trx,
        line.product_id,
        attributes.map((a) => ({ option: a.option_id, value: a.id === attributeId ? value : a.value })),
        'value',
      );
      const reference = referenceOf(line.product_id, options);
      const other = await findLineByReference(trx, basketId, reference);
      if (other && other.id !== lineId) throw new Conflict('value: Another line of the basket has these options; change its quantity instead.', { value: 'Another line of the basket has these options.' });
      const now = nowIso();
      await updateAttribute(trx, attributeId, value);
      await writeLine(trx, lineId, { line_reference: reference, updated_at: now });
      await writeBasket(trx, basketId, { updated_at: now });
    }
    const fresh = (await attributesOfLines(trx, [lineId])).find((a) => a.id === attributeId)!;
    return { status: 200, body: toAttribute(fresh) };
  });
}
