import { MAX_LINE_QUANTITY, SINGLE_COPY_CLASSES, type Correction } from '../../../shared/api/shop.js';
import { deleteLine as removeLine, updateBasket as writeBasket, updateLine as writeLine, type BasketRow } from './basket-repo.js';
import { correction, load, money, type Step } from './basket-step.js';
import { chargeFor, voucherUnusable } from './offers-service.js';
import { requiresShipping, type ProductState } from './product-state.js';

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

/**
 * Makes the basket true to the catalogue, writing only what differs, and lists what it changed: lines of
 * withdrawn or sold-out products go, quantities above stock come down, prices move to today's, a voucher
 * that can no longer be used and a shipping method that no longer fits are taken off.
 */
export async function reconcile(step: Step, basket: BasketRow): Promise<Correction[]> {
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
