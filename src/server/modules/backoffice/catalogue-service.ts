import type { ProductRemoval } from '../../../shared/api/backoffice.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict } from '../../platform/errors.js';
import { deleteProduct, getProduct, updateProduct } from '../shop/catalogue-service.js';
import { assertStaff } from './access.js';
import { productSold } from './catalogue-repo.js';

/**
 * A product leaves the catalogue the way the shop's rules allow: one an order has bought (paid, fulfilled or
 * refunded) stays for the orders' sake and is archived (withdrawn from sale: `is_public` false), and so is one
 * a basket holds (the shop refuses to delete it); any other is deleted.
 */
export async function removeProduct(ctx: AppContext, actor: Actor, id: number): Promise<ProductRemoval> {
  assertStaff(actor);
  await getProduct(ctx, actor, id);
  const archive = async (detail: string): Promise<ProductRemoval> => {
    await updateProduct(ctx, actor, id, { is_public: false });
    return { outcome: 'archived', detail };
  };
  if (await productSold(ctx.db.kysely, id)) return archive('An order bought this product: it is withdrawn from sale and kept for the orders.');
  try {
    await deleteProduct(ctx, id);
    return { outcome: 'deleted', detail: 'The product is deleted.' };
  } catch (err) {
    if (err instanceof Conflict) return archive('A basket holds this product: it is withdrawn from sale instead.');
    throw err;
  }
}
