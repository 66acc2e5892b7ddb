import type { Basket, BasketLine, Correction, LineAttribute, ShippingMethod } from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { AppContext } from '../../platform/context.js';
import { findBasket, type BasketRow, type LineAttributeRow, type LineRow } from './basket-repo.js';
import { load, money, type Loaded, type Step } from './basket-step.js';
import { chargeFor, methodTexts, type MethodWithCountries } from './offers-service.js';
import { requiresShipping, type ProductState } from './product-state.js';
import { basketTotals, type PricedLine } from './totals.js';

// Shapes

function lineWarning(ctx: AppContext, line: LineRow, state: ProductState): string | null {
  if (!state.onSale || state.price === null) return 'This product is no longer for sale.';
  if (state.available !== null && state.available < line.quantity) return `Only ${state.available} in stock.`;
  if (state.price !== line.price_at_add) return `The price is now ${money(ctx, state.price)}.`;
  return null;
}

export function toAttribute(a: LineAttributeRow): LineAttribute {
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

export function pricedLines(loaded: Loaded): PricedLine[] {
  return loaded.lines.map((l) => {
    const state = loaded.states.get(l.id)!;
    return { id: l.id, unitPrice: state.onSale && state.price !== null ? state.price : 0, quantity: l.quantity, covered: loaded.covered.has(l.product_id) };
  });
}

export const needsShipping = (loaded: Loaded) => loaded.lines.some((l) => requiresShipping(loaded.states.get(l.id)!.row.product_class));

export function offeredMethod(m: MethodWithCountries, charge: number, goods: number, lang: Language | undefined): ShippingMethod {
  const free = m.row.free_over !== null && goods >= m.row.free_over;
  return { code: m.row.code, ...methodTexts(m.row, lang), price: free ? 0 : charge, is_discounted: free, discount: free ? charge : 0 };
}

export async function basketView(step: Step, basketId: number, corrections: Correction[]): Promise<Basket> {
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
