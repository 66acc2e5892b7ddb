import type { FastifyReply } from 'fastify';
import type { LoginResponse } from '../../../shared/api/auth.js';
import { API_PREFIX } from '../../../shared/api/common.js';
import { HANDOFF_MARKER_COOKIE, HANDOFF_SECONDS, HANDOFF_TOKEN_COOKIE, handoffPaths } from '../../../shared/api/handoff-paths.js';
import type { AppContext } from '../../platform/context.js';
import { Unauthorized } from '../../platform/errors.js';
import { getUser, toSessionUser } from '../users/service.js';
import { refreshSession } from './service.js';

/** The only path the token cookie is sent to. */
const TOKEN_COOKIE_PATH = `${API_PREFIX}${handoffPaths.handoff}`;

const cookieBase = (ctx: AppContext) => ({ sameSite: 'lax' as const, secure: ctx.config.publicUrl.startsWith('https://') });

/**
 * Hands a session started by a page form (no script) to the browser: the refresh token in an HttpOnly
 * cookie that only the handoff call receives, and a readable marker that tells the booting app to make it.
 */
export function setHandoffCookies(ctx: AppContext, reply: FastifyReply, session: LoginResponse): void {
  reply.setCookie(HANDOFF_TOKEN_COOKIE, session.refresh, { ...cookieBase(ctx), path: TOKEN_COOKIE_PATH, httpOnly: true, maxAge: HANDOFF_SECONDS });
  reply.setCookie(HANDOFF_MARKER_COOKIE, '1', { ...cookieBase(ctx), path: '/', httpOnly: false, maxAge: HANDOFF_SECONDS });
}

export function clearHandoffCookies(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(HANDOFF_TOKEN_COOKIE, { ...cookieBase(ctx), path: TOKEN_COOKIE_PATH, httpOnly: true });
  reply.clearCookie(HANDOFF_MARKER_COOKIE, { ...cookieBase(ctx), path: '/' });
}

/**
 * Exchanges the handed-over refresh token for the usual login answer. It goes through the normal rotation,
 * so the cookie's token is spent: a second call (or a copy of the cookie) gets nothing, or, within the
 * grace window, the same session.
 */
export async function completeHandoff(ctx: AppContext, token: string | undefined): Promise<LoginResponse> {
  if (!token) throw new Unauthorized('No login is waiting to be handed over.');
  const pair = await refreshSession(ctx, token);
  const claims = await ctx.signer.verify(pair.access, 'access');
  const user = await getUser(ctx, claims.user_id);
  if (!user) throw new Unauthorized('No login is waiting to be handed over.');
  return { ...pair, user: toSessionUser(user) };
}
