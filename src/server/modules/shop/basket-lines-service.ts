import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MAX_LINE_QUANTITY, type AddProduct, type BasketLine, type BasketLineChanged, type Correction, type LineAttribute } from '../../../shared/api/shop.js';
import type { Database } from '../../db/types.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import {
  attributesOfLines,
  deleteLine as removeLine,
  findBasket,
  findLine,
  findLineByReference,
  insertAttributes,
  insertLine,
  updateAttribute,
  updateBasket as writeBasket,
  updateLine as writeLine,
  type BasketRow,
  type LineRow,
} from './basket-repo.js';
import { reconcile } from './basket-reconcile.js';
import { assertOpen, correction, prepare, reachableBasket, stepOf, type Step } from './basket-step.js';
import { basketView, toAttribute } from './basket-view.js';
import { findProduct, optionsOfProducts, stockRecordsOf } from './catalogue-repo.js';
import { stateOf } from './product-state.js';
import { runChange, type OpAnswer, type OpRequest } from './ops.js';

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
export async function addToBasket(step: Step, basket: BasketRow, input: AddProduct): Promise<{ lineId: number; corrections: Correction[] }> {
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
