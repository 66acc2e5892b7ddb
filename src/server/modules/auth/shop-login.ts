import { API_PREFIX } from '../../../shared/api/common.js';
import { shopUserPath, type ShopUser } from '../../../shared/api/shop-login.js';
import type { UserRow } from '../../db/types.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { NotFound } from '../../platform/errors.js';
import { getUser, toSessionUser } from '../users/service.js';

/**
 * The shop's account calls (oscar-api's names) over the auth module's own services: logging in, out and
 * registering are `rest-auth`'s, so accounts, sessions, throttles and captcha are one. What is the shop's
 * own is the user as oscar-api shows it, and who may read it.
 */

function shopUserOf(ctx: AppContext, user: UserRow): ShopUser {
  return { ...toSessionUser(user), url: `${ctx.config.publicUrl}${API_PREFIX}${shopUserPath(user.id)}`, date_joined: user.created_at };
}

/** The caller's own account (GET shop/login), or null for a guest. */
export async function loggedInShopUser(ctx: AppContext, actor: Actor | null): Promise<ShopUser | null> {
  if (!actor) return null;
  const user = await getUser(ctx, actor.id);
  return user ? shopUserOf(ctx, user) : null;
}

/**
 * An account (GET shop/users/{id}): its owner and staff read it; for anyone else it does not exist (404, as
 * for an unknown id), so ids cannot be probed for accounts.
 */
export async function shopUserById(ctx: AppContext, actor: Actor, id: number): Promise<ShopUser> {
  if (actor.id !== id && !isStaff(actor)) throw new NotFound('User');
  const user = await getUser(ctx, id);
  if (!user) throw new NotFound('User');
  return shopUserOf(ctx, user);
}
