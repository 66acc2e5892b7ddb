import { randomUUID } from 'node:crypto';
import type { LoginBody, LoginResponse, RefreshResponse } from '../../../shared/api/auth.js';
import type { AppContext } from '../../platform/context.js';
import { TokenInvalid, Unauthorized } from '../../platform/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.js';
import { isoMicro, nowIso } from '../../platform/time.js';
import type { TokenClaims } from '../../platform/tokens.js';
import type { UserRow } from '../../db/types.js';
import { getUser, getUserByLogin, getUserByMobile, toSessionUser } from '../users/service.js';
import { accountKeyOf, clearLoginFailures, guardLogin, recordLoginFailure, type LoginAttempt } from './login-guard.js';
import { findRefreshToken, insertRefreshToken, markRefreshTokenUsed, revokeAllForUser, revokeFamily } from './repo.js';

const expiryIso = (claims: TokenClaims) => isoMicro(new Date(claims.exp * 1000));

async function issueRefresh(ctx: AppContext, userId: number, family: string) {
  const signed = await ctx.signer.sign('refresh', userId, ctx.config.refreshTokenLifetime, { family });
  await insertRefreshToken(ctx.db.kysely, {
    jti: signed.claims.jti,
    user_id: userId,
    family,
    expires_at: new Date(signed.claims.exp * 1000).toISOString(),
    used_at: null,
    revoked_at: null,
    successor_jti: null,
    created_at: nowIso(),
  });
  return signed;
}

async function issuePair(ctx: AppContext, userId: number, family: string): Promise<RefreshResponse> {
  const access = await ctx.signer.sign('access', userId, ctx.config.accessTokenLifetime);
  const refresh = await issueRefresh(ctx, userId, family);
  return {
    access: access.token,
    refresh: refresh.token,
    access_expiration: expiryIso(access.claims),
    refresh_expiration: expiryIso(refresh.claims),
  };
}

/** Starts a session for a user whose identity is already proven (by password or by a one-time code). */
export async function startSession(ctx: AppContext, userId: number): Promise<LoginResponse> {
  const user = await getUser(ctx, userId);
  if (!user) throw new Unauthorized('Unable to log in with provided credentials.', 'invalid_credentials');
  const pair = await issuePair(ctx, user.id, randomUUID());
  return { ...pair, user: toSessionUser(user) };
}

/**
 * Password check behind the login guard: delays and captcha come first, so a locked-out guesser learns
 * nothing about the password; unknown accounts fail the same way and in the same time as wrong passwords.
 */
async function passwordLogin(
  ctx: AppContext,
  user: UserRow | undefined,
  unknownKey: string,
  password: string,
  request: { ip: string; altcha?: string },
): Promise<LoginResponse> {
  const attempt: LoginAttempt = { accountKey: user ? accountKeyOf(user.id) : unknownKey, ip: request.ip, altcha: request.altcha };
  await guardLogin(ctx, attempt);
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.is_active) {
    await recordLoginFailure(ctx, attempt);
    throw new Unauthorized('Unable to log in with provided credentials.', 'invalid_credentials');
  }
  await clearLoginFailures(ctx, attempt.accountKey);
  return startSession(ctx, user.id);
}

export async function loginWithPassword(ctx: AppContext, body: LoginBody, ip: string): Promise<LoginResponse> {
  const login = (body.username ?? body.email ?? '').trim();
  const user = await getUserByLogin(ctx, login);
  return passwordLogin(ctx, user, `login:${login.toLowerCase()}`, body.password, { ip, altcha: body.altcha });
}

export async function loginWithMobile(ctx: AppContext, body: { mobile: string; password: string; altcha?: string }, ip: string): Promise<LoginResponse> {
  const user = await getUserByMobile(ctx, body.mobile);
  return passwordLogin(ctx, user, `mobile:${body.mobile}`, body.password, { ip, altcha: body.altcha });
}

/**
 * Rotation with reuse detection: a refresh token works once. Presenting a used one revokes its whole
 * family, except within the grace window, where two tabs refreshing together get the same successor
 * (HS256 is deterministic, so re-signing the successor's stored claims reproduces its token).
 */
export async function refreshSession(ctx: AppContext, token: string): Promise<RefreshResponse> {
  const claims = await ctx.signer.verify(token, 'refresh');
  const db = ctx.db.kysely;
  const row = await findRefreshToken(db, claims.jti);
  if (!row || row.revoked_at) throw new TokenInvalid('Token is blacklisted');
  const user = await getUser(ctx, row.user_id);
  if (!user || !user.is_active) throw new TokenInvalid('User not found or inactive');

  const now = nowIso();
  const successorJti = randomUUID().replace(/-/g, '');
  if (await markRefreshTokenUsed(db, row.jti, successorJti, now)) {
    const access = await ctx.signer.sign('access', row.user_id, ctx.config.accessTokenLifetime);
    const refresh = await ctx.signer.sign('refresh', row.user_id, ctx.config.refreshTokenLifetime, {
      family: row.family,
      jti: successorJti,
    });
    await insertRefreshToken(db, {
      jti: successorJti,
      user_id: row.user_id,
      family: row.family,
      expires_at: new Date(refresh.claims.exp * 1000).toISOString(),
      used_at: null,
      revoked_at: null,
      successor_jti: null,
      created_at: new Date(refresh.claims.iat * 1000).toISOString(),
    });
    return {
      access: access.token,
      refresh: refresh.token,
      access_expiration: expiryIso(access.claims),
      refresh_expiration: expiryIso(refresh.claims),
    };
  }

  // Already used: within the grace window hand out the same successor, otherwise it is a replay.
  const used = await findRefreshToken(db, claims.jti);
  const usedAt = used?.used_at ? Date.parse(used.used_at) : 0;
  const successor = used?.successor_jti ? await findRefreshToken(db, used.successor_jti) : undefined;
  if (used && !used.revoked_at && successor && !successor.revoked_at && Date.now() - usedAt <= ctx.config.refreshGraceSeconds * 1000) {
    const iat = Math.floor(Date.parse(successor.created_at) / 1000);
    const exp = Math.floor(Date.parse(successor.expires_at) / 1000);
    const refresh = await ctx.signer.sign('refresh', successor.user_id, exp - iat, { family: successor.family, jti: successor.jti });
    if (refresh.claims.iat !== iat) {
      // The clock moved on a second; the reproduced token would differ, so fall back to refusing.
      await revokeFamily(db, row.family, now);
      throw new TokenInvalid('Token is blacklisted');
    }
    const access = await ctx.signer.sign('access', successor.user_id, ctx.config.accessTokenLifetime);
    return {
      access: access.token,
      refresh: refresh.token,
      access_expiration: expiryIso(access.claims),
      refresh_expiration: expiryIso(refresh.claims),
    };
  }
  await revokeFamily(db, row.family, now);
  throw new TokenInvalid('Token is blacklisted');
}

/** Accepts an access token, or a refresh token that is still live. */
export async function verifyToken(ctx: AppContext, token: string): Promise<void> {
  try {
    await ctx.signer.verify(token, 'access');
    return;
  } catch (err) {
    if (!(err instanceof TokenInvalid)) throw err;
  }
  const claims = await ctx.signer.verify(token, 'refresh');
  const row = await findRefreshToken(ctx.db.kysely, claims.jti);
  if (!row || row.revoked_at || row.used_at) throw new TokenInvalid('Token is blacklisted');
}

export async function logout(ctx: AppContext, refreshToken: string | undefined, actorId: number | null): Promise<void> {
  const now = nowIso();
  if (refreshToken) {
    try {
      const claims = await ctx.signer.verify(refreshToken, 'refresh');
      const row = await findRefreshToken(ctx.db.kysely, claims.jti);
      if (row && (actorId === null || row.user_id === actorId)) await revokeFamily(ctx.db.kysely, row.family, now);
    } catch (err) {
      // Logging out with a dead token is still a logout.
      if (!(err instanceof TokenInvalid)) throw err;
    }
  }
}

export function revokeAllSessions(ctx: AppContext, userId: number): Promise<void> {
  return revokeAllForUser(ctx.db.kysely, userId, nowIso());
}
