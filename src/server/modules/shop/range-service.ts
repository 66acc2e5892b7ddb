import type { Range, RangeChanges, RangeWrite } from '../../../shared/api/shop.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import {
  countProductsByIds,
  deleteRange as removeRange,
  findRange,
  findRangeBySlug,
  insertRange,
  listRanges as selectRanges,
  rangeInUse,
  rangeProducts,
  setRangeProducts,
  updateRange as writeRange,
  type RangeRow,
} from './catalogue-repo.js';

// Ranges

function toRanges(rows: RangeRow[], links: { range_id: number; product_id: number }[]): Range[] {
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    includes_all_products: r.includes_all_products === 1,
    products: links.filter((l) => l.range_id === r.id).map((l) => l.product_id),
  }));
}

export async function listRanges(ctx: AppContext): Promise<Range[]> {
  const rows = await selectRanges(ctx.db.kysely);
  return toRanges(rows, await rangeProducts(ctx.db.kysely, rows.map((r) => r.id)));
}

export async function getRange(ctx: AppContext, id: number): Promise<Range> {
  const row = await findRange(ctx.db.kysely, id);
  if (!row) throw new NotFound('Range');
  return toRanges([row], await rangeProducts(ctx.db.kysely, [id]))[0];
}

async function assertRangeInput(ctx: AppContext, slug: string | undefined, products: number[] | undefined, self: number | null): Promise<void> {
  if (slug !== undefined) {
    const other = await findRangeBySlug(ctx.db.kysely, slug);
    if (other && other.id !== self) throw new Conflict('slug: A range with this slug exists.', { slug: 'A range with this slug exists.' });
  }
  if (products && (await countProductsByIds(ctx.db.kysely, [...new Set(products)])) !== new Set(products).size) throw Invalid.field('products', 'No such product.');
}

export async function createRange(ctx: AppContext, input: RangeWrite): Promise<Range> {
  await assertRangeInput(ctx, input.slug, input.products, null);
  const now = nowIso();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await insertRange(trx, {
      name: input.name,
      slug: input.slug,
      description: input.description,
      includes_all_products: input.includes_all_products ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    await setRangeProducts(trx, row.id, [...new Set(input.products)]);
    return row.id;
  });
  return getRange(ctx, id);
}

export async function updateRange(ctx: AppContext, id: number, changes: RangeChanges): Promise<Range> {
  if (!(await findRange(ctx.db.kysely, id))) throw new NotFound('Range');
  await assertRangeInput(ctx, changes.slug, changes.products, id);
  const { products, includes_all_products, ...rest } = changes;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await writeRange(trx, id, { ...rest, ...(includes_all_products !== undefined && { includes_all_products: includes_all_products ? 1 : 0 }), updated_at: nowIso() });
    if (products !== undefined) await setRangeProducts(trx, id, [...new Set(products)]);
  });
  return getRange(ctx, id);
}

export async function deleteRange(ctx: AppContext, id: number): Promise<void> {
  if (!(await findRange(ctx.db.kysely, id))) throw new NotFound('Range');
  if (await rangeInUse(ctx.db.kysely, id)) throw new Conflict('Vouchers use this range; change them first.');
  await removeRange(ctx.db.kysely, id);
}
