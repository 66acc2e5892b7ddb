import type { StockRecord, StockRecordChanges, StockRecordWrite } from '../../../shared/api/shop.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import {
  deleteStockRecord as removeStockRecord,
  findStockRecord,
  findStockRecordBySku,
  insertStockRecord,
  stockRecordsOf,
  updateStockRecord as writeStockRecord,
} from './catalogue-repo.js';
import { toStockRecord } from './catalogue-shapes.js';
import { visibleProduct } from './catalogue-service.js';

// Stock records

export async function listStockRecords(ctx: AppContext, actor: Actor | null, productId: number): Promise<StockRecord[]> {
  await visibleProduct(ctx, actor, productId);
  return (await stockRecordsOf(ctx.db.kysely, [productId])).map((r) => toStockRecord(ctx, r));
}

export async function getStockRecord(ctx: AppContext, actor: Actor | null, productId: number, id: number): Promise<StockRecord> {
  await visibleProduct(ctx, actor, productId);
  const row = await findStockRecord(ctx.db.kysely, productId, id);
  if (!row) throw new NotFound('Stock record');
  return toStockRecord(ctx, row);
}

async function assertSkuFree(ctx: AppContext, productId: number, sku: string, self: number | null): Promise<void> {
  const other = await findStockRecordBySku(ctx.db.kysely, productId, sku);
  if (other && other.id !== self) throw new Conflict('partner_sku: This product has a stock record with this SKU.', { partner_sku: 'This product has a stock record with this SKU.' });
}

export async function createStockRecord(ctx: AppContext, actor: Actor, productId: number, input: StockRecordWrite): Promise<StockRecord> {
  const product = await visibleProduct(ctx, actor, productId);
  if (product.product_class !== 'physical') throw Invalid.field('product', 'Only physical products have stock records.');
  await assertSkuFree(ctx, productId, input.partner_sku, null);
  const now = nowIso();
  const row = await insertStockRecord(ctx.db.kysely, { ...input, product_id: productId, num_allocated: 0, created_at: now, updated_at: now });
  return toStockRecord(ctx, row);
}

export async function updateStockRecord(ctx: AppContext, actor: Actor, productId: number, id: number, changes: StockRecordChanges): Promise<StockRecord> {
  await visibleProduct(ctx, actor, productId);
  if (!(await findStockRecord(ctx.db.kysely, productId, id))) throw new NotFound('Stock record');
  if (changes.partner_sku !== undefined) await assertSkuFree(ctx, productId, changes.partner_sku, id);
  await writeStockRecord(ctx.db.kysely, id, { ...changes, updated_at: nowIso() });
  return getStockRecord(ctx, actor, productId, id);
}

export async function deleteStockRecord(ctx: AppContext, actor: Actor, productId: number, id: number): Promise<void> {
  await visibleProduct(ctx, actor, productId);
  const row = await findStockRecord(ctx.db.kysely, productId, id);
  if (!row) throw new NotFound('Stock record');
  if (row.num_allocated > 0) throw new Conflict('Orders hold stock of this record; it cannot be deleted.');
  await removeStockRecord(ctx.db.kysely, id);
}
