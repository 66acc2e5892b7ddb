import type { Availability, Price, ProductCard, ProductOption, StockRecord } from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { AppContext } from '../../platform/context.js';
import { localised } from '../../platform/translations.js';
import type { OptionRow, StockRecordRow } from './catalogue-repo.js';
import { availableIn, requiresShipping, type ProductState } from './product-state.js';

/** How the catalogue's rows are shown: prices, availability, stock records, options and product cards. */

export function toPrice(ctx: AppContext, amount: number): Price {
  return { currency: ctx.config.currency, excl_tax: amount, incl_tax: amount, tax: 0, is_tax_known: true };
}

export function toAvailability(state: ProductState): Availability {
  if (!state.onSale) return { is_available_to_buy: false, num_available: state.available === null ? null : 0, message: 'Unavailable' };
  if (state.available === null) return { is_available_to_buy: true, num_available: null, message: 'Available' };
  if (state.available <= 0) return { is_available_to_buy: false, num_available: 0, message: 'Out of stock' };
  return { is_available_to_buy: true, num_available: state.available, message: `In stock (${state.available} available)` };
}

export function toStockRecord(ctx: AppContext, r: StockRecordRow): StockRecord {
  const available = availableIn(r);
  return {
    id: r.id,
    product: r.product_id,
    partner_sku: r.partner_sku,
    price: r.price,
    price_currency: ctx.config.currency,
    num_in_stock: r.num_in_stock,
    num_allocated: r.num_allocated,
    num_available: available,
    low_stock_threshold: r.low_stock_threshold,
    is_low_stock: r.low_stock_threshold !== null && available <= r.low_stock_threshold,
    date_created: r.created_at,
    date_updated: r.updated_at,
  };
}

/**
 * The editorial texts of a category or option in `lang`, each field falling back to the default text; the
 * default texts without `lang` (what internal callers, and orders, see).
 */
export function textsIn<T extends Record<string, string>>(texts: T, translations: string | null | undefined, lang: Language | undefined): T {
  return lang && translations && translations !== '{}' ? localised(texts, translations, lang) : texts;
}

export const toOption = (o: Pick<OptionRow, 'id' | 'name' | 'code' | 'type' | 'required' | 'translations'>, lang: Language | undefined): ProductOption => ({
  id: o.id,
  name: textsIn({ name: o.name }, o.translations, lang).name,
  code: o.code,
  type: o.type,
  required: o.required === 1,
});

/** A product's card, its category named in `lang` (the product's own title is never translated). */
export function toCard(ctx: AppContext, state: ProductState, lang: Language | undefined): ProductCard {
  const { row } = state;
  const category =
    row.category_id !== null && row.category_name !== null
      ? { id: row.category_id, name: textsIn({ name: row.category_name }, row.category_translations, lang).name, slug: row.category_slug ?? '' }
      : null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    upc: row.upc,
    product_class: row.product_class,
    image: row.image,
    category,
    requires_shipping: requiresShipping(row.product_class),
    price: state.price === null ? null : toPrice(ctx, state.price),
    availability: toAvailability(state),
    is_public: row.is_public === 1,
  };
}
