/**
 * Basket arithmetic in integer minor units, with no database: line totals, the voucher's discount shared
 * out over the lines it covers, shipping with its free-over rule, and the order total. Tax is zero (the
 * shop has no tax configuration yet), so the `incl_tax` and `excl_tax` figures are equal.
 */

export interface PricedLine {
  id: number;
  unitPrice: number;
  quantity: number;
  /** Whether the basket's voucher covers this line (its range, or every line). */
  covered: boolean;
}

export interface VoucherTerms {
  discountType: 'percentage' | 'fixed';
  value: number;
  minSpend: number;
}

export interface ShippingTerms {
  charge: number;
  freeOver: number | null;
}

export interface Totals {
  /** Discount per line id. */
  lineDiscounts: Map<number, number>;
  /** Goods before discounts. */
  subtotal: number;
  discount: number;
  /** False when there is a voucher but the basket does not meet its conditions now. */
  voucherApplied: boolean;
  /** What the voucher covers: the amount its minimum spend is compared with. */
  coveredSubtotal: number;
  shipping: { price: number; discount: number } | null;
  /** Goods after discounts plus shipping. */
  total: number;
}

export const lineTotal = (l: PricedLine) => l.unitPrice * l.quantity;

/** The voucher's discount on the covered amount, never more than it. Percentages round down. */
export function voucherDiscount(terms: VoucherTerms, covered: number): number {
  const raw = terms.discountType === 'percentage' ? Math.floor((covered * terms.value) / 100) : terms.value;
  return Math.max(0, Math.min(raw, covered));
}

/** Shares a discount over lines in proportion to their totals; the units lost to rounding go to the first lines. */
function share(discount: number, lines: PricedLine[]): Map<number, number> {
  const result = new Map<number, number>();
  const base = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  if (discount === 0 || base === 0) return result;
  let left = discount;
  for (const l of lines) {
    const part = Math.floor((discount * lineTotal(l)) / base);
    result.set(l.id, part);
    left -= part;
  }
  for (const l of lines) {
    if (left === 0) break;
    const room = lineTotal(l) - (result.get(l.id) ?? 0);
    const extra = Math.min(room, left);
    result.set(l.id, (result.get(l.id) ?? 0) + extra);
    left -= extra;
  }
  return result;
}

export function basketTotals(lines: PricedLine[], voucher: VoucherTerms | null, shipping: ShippingTerms | null): Totals {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const covered = lines.filter((l) => l.covered);
  const coveredSubtotal = covered.reduce((sum, l) => sum + lineTotal(l), 0);
  const voucherApplied = voucher !== null && coveredSubtotal > 0 && coveredSubtotal >= voucher.minSpend;
  const discount = voucherApplied ? voucherDiscount(voucher, coveredSubtotal) : 0;
  const goods = subtotal - discount;
  const shippingPart =
    shipping === null ? null : shipping.freeOver !== null && goods >= shipping.freeOver ? { price: 0, discount: shipping.charge } : { price: shipping.charge, discount: 0 };
  return {
    lineDiscounts: share(discount, covered),
    subtotal,
    discount,
    voucherApplied,
    coveredSubtotal,
    shipping: shippingPart,
    total: goods + (shippingPart?.price ?? 0),
  };
}
