import type { Kysely } from 'kysely';
import type { ProductClass } from '../../db/shop-types.js';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { listProducts as listMembershipProducts } from '../membership/service.js';
import { stockRecordsOf, type ProductRow, type StockRecordRow } from './catalogue-repo.js';

/** Active membership products' prices by id: read before a transaction (the membership module reads on its own). */
export type MembershipPrices = Map<number, number>;

export async function membershipPrices(ctx: AppContext): Promise<MembershipPrices> {
  return new Map((await listMembershipProducts(ctx, null, {})).map((p) => [p.id, p.price]));
}

/** What can be sold of a product now: its unit price, the stock record it comes from, how many are left. */
export interface ProductState {
  row: ProductRow;
  records: StockRecordRow[];
  /** The record sold from: the one with most available (the first of equals). */
  record: StockRecordRow | null;
  price: number | null;
  /** Null where stock is not counted. */
  available: number | null;
  onSale: boolean;
}

export const availableIn = (r: StockRecordRow) => Math.max(0, r.num_in_stock - r.num_allocated);
export const requiresShipping = (productClass: ProductClass) => productClass === 'physical';

function defaultRecord(records: StockRecordRow[]): StockRecordRow | null {
  return records.reduce<StockRecordRow | null>((best, r) => (best === null || availableIn(r) > availableIn(best) ? r : best), null);
}

/** The state of a product, optionally sold from a given stock record (a basket line's). */
export function stateOf(row: ProductRow, records: StockRecordRow[], prices: MembershipPrices, recordId: number | null = null): ProductState {
  const own = records.filter((r) => r.product_id === row.id);
  const isPublic = row.is_public === 1;
  if (row.product_class === 'physical') {
    const record = (recordId !== null ? own.find((r) => r.id === recordId) : undefined) ?? defaultRecord(own);
    const available = record ? availableIn(record) : 0;
    return { row, records: own, record, price: record?.price ?? null, available, onSale: isPublic && record !== null };
  }
  const price = row.product_class === 'membership' ? (row.membership_product_id !== null ? (prices.get(row.membership_product_id) ?? null) : null) : row.price;
  // A digital product without its document has nothing to deliver: it is not sold until it has one.
  const deliverable = row.product_class !== 'digital' || row.document_id !== null;
  return { row, records: own, record: null, price, available: null, onSale: isPublic && price !== null && deliverable };
}

/** States of several products in two queries. */
export async function productStates(db: Kysely<Database>, rows: ProductRow[], prices: MembershipPrices): Promise<Map<number, ProductState>> {
  const physical = rows.filter((r) => r.product_class === 'physical').map((r) => r.id);
  const records = await stockRecordsOf(db, physical);
  return new Map(rows.map((row) => [row.id, stateOf(row, records, prices)]));
}
