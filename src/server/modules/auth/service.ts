import type { LoginBody, LoginResponse, RefreshResponse } from '../../../shared/api/auth.js';
import type { AppContext } from '../../platform/context.js';
import { TokenInvalid, Unauthorized } from '../../platform/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.js';
import { isoMicro, now } from '../../platform/time.js';
import { newJti, type TokenClaims } from '../../platform/tokens.js';
import type { UserRow } from '../../db/types.js';
import { getUser, getUserByLogin, getUserByMobile, toSessionUser } from '../users/service.js';
import { accountKeyOf, clearLoginFailures, guardLogin, recordLoginFailure, type LoginAttempt } from './login-guard.js';
import {
  findLiveSessionOwner,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  revokeAllForUser,
  revokeFamily,
} from './repo.js';
import { ENDED, sessionCache } from './session-cache.js';

const expiryIso = (claims: TokenClaims) => isoMicro(new Date(claims.exp * 1000));
const isoOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();
const secondsOfIso = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const blacklisted = () => new TokenInvalid('Token is blacklisted');

/** What a refresh token is made of; stored in its row (jti, family, created_at = iat, expires_at = exp). */
interface RefreshIdentity {
  jti: string;
  iat: number;
  exp: number;
}

/** Signs an access token for the session and the refresh token `refresh` (new, or re-signed from its row). */
async function signPair(ctx: AppContext, userId: number, session: string, refresh: RefreshIdentity): Promise<RefreshResponse> {
  const access = await ctx.signer.sign('access', userId, ctx.config.accessTokenLifetime, { session });
  const signed = await ctx.signer.sign('refresh', userId, refresh.exp - refresh.iat, { session, jti: refresh.jti, iat: refresh.iat });
  return {
    access: access.token,
    refresh: signed.token,
    access_expiration: expiryIso(access.claims),
    refresh_expiration: expiryIso(signed.claims),
  };
}

function freshRefresh(ctx: AppContext, at: number): RefreshIdentity {
  const iat = Math.floor(at / 1000);
  return { jti: newJti(), iat, exp: iat + ctx.config.refreshTokenLifetime };
}

const refreshRow = (userId: number, family: string, refresh: RefreshIdentity) => ({
  jti: refresh.jti,
  user_id: userId,
  family,
  expires_at: isoOfSeconds(refresh.exp),
  used_at: null,
  revoked_at: null,
  successor_jti: null,
  created_at: isoOfSeconds(refresh.iat),
});

/** The outcome of presenting a refresh token: the refresh token to hand out, or null for a replay. */
interface Rotation {
  family: string;
  refresh: RefreshIdentity | null;
}

/** Starts a session for a user whose identity is already proven (by password or by a one-time code). */
export async function startSession(ctx: AppContext, userId: number): Promise<LoginResponse> {
  const user = await getUser(ctx, userId);
  if (!user) throw new Unauthorized('Unable to log in with provided credentials.', 'invalid_credentials');
  const at = now();
  const session = newJti();
  const refresh = freshRefresh(ctx, at);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await insertSession(trx, { id: session, user_id: user.id, created_at: new Date(at).toISOString(), revoked_at: null });
    await insertRefreshToken(trx, refreshRow(user.id, session, refresh));
  });
  return { ...(await signPair(ctx, user.id, session, refresh)), user: toSessionUser(user) };
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
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash(ctx.config.passwordHashCost)));
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
 * family, except within the grace window, where two tabs refreshing together get the same successor:
 * its row keeps jti, iat and exp, and HS256 is deterministic, so re-signing them reproduces its bytes.
 * Marking the token used and storing the successor happen in one transaction.
 */
export async function refreshSession(ctx: AppContext, token: string): Promise<RefreshResponse> {
  const claims = await ctx.signer.verify(token, 'refresh');
  const user = await getUser(ctx, claims.user_id);
  if (!user || !user.is_active) throw new TokenInvalid('User not found or inactive');

  const outcome = await ctx.db.kysely.transaction().execute(async (trx): Promise<Rotation> => {
    const at = now();
    const successor = freshRefresh(ctx, at);
    // The write comes first: SQLite takes its write lock at once, PostgreSQL makes a concurrent rotation
    // of the same token wait for this one to commit and then find it used.
    if (await markRefreshTokenUsed(trx, claims.jti, successor.jti, new Date(at).toISOString())) {
      const row = (await findRefreshToken(trx, claims.jti))!;
      // A session revoked while this token was unused (a logout racing the rotation) stays ended.
      if ((await findLiveSessionOwner(trx, row.family)) !== row.user_id) throw blacklisted();
      await insertRefreshToken(trx, refreshRow(row.user_id, row.family, successor));
      return { family: row.family, refresh: successor };
    }
    const row = await findRefreshToken(trx, claims.jti);
    if (!row || row.revoked_at || !row.used_at) throw blacklisted();
    const next = row.successor_jti ? await findRefreshToken(trx, row.successor_jti) : undefined;
    const inGrace = at - Date.parse(row.used_at) <= ctx.config.refreshGraceSeconds * 1000;
    if (inGrace && next && !next.revoked_at && (await findLiveSessionOwner(trx, row.family)) === row.user_id) {
      return { family: row.family, refresh: { jti: next.jti, iat: secondsOfIso(next.created_at), exp: secondsOfIso(next.expires_at) } };
    }
    // A replay after the window: someone else holds a copy of this session, so it ends for everyone.
    await revokeFamily(trx, row.family, new Date(at).toISOString());
    return { family: row.family, refresh: null };
  });
  if (!outcome.refresh) {
    ctx.events.sessionsEnded([outcome.family]);
    throw blacklisted();
  }
  return signPair(ctx, user.id, outcome.family, outcome.refresh);
}

/**
 * Refuses an access token whose session has ended (logout, password change or reset, reuse of a refresh
 * token, account deleted). Cached: every authenticated request asks, and the answer rarely changes.
 */
export async function assertSessionLive(ctx: AppContext, sessionId: string, userId: number): Promise<void> {
  const cache = sessionCache(ctx);
  let owner = cache.get(sessionId);
  if (owner === undefined) {
    owner = (await findLiveSessionOwner(ctx.db.kysely, sessionId)) ?? ENDED;
    // A revocation in this process while the lookup ran has already written the entry; it wins.
    if (!cache.has(sessionId)) cache.set(sessionId, owner);
  }
  if (owner !== userId) throw blacklisted();
}

/** Accepts an access token of a live session, or a refresh token that is still unused and live. */
export async function verifyToken(ctx: AppContext, token: string): Promise<void> {
  const access = await ctx.signer.verify(token, 'access').catch((err: unknown) => {
    if (err instanceof TokenInvalid) return null;
    throw err;
  });
  if (access) return assertSessionLive(ctx, access.sid, access.user_id);
  const claims = await ctx.signer.verify(token, 'refresh');
  const row = await findRefreshToken(ctx.db.kysely, claims.jti);
  if (!row || row.revoked_at || row.used_at) throw blacklisted();
  return assertSessionLive(ctx, row.family, row.user_id);
}

async function endSession(ctx: AppContext, family: string): Promise<void> {
  await ctx.db.kysely.transaction().execute((trx) => revokeFamily(trx, family, new Date(now()).toISOString()));
  ctx.events.sessionsEnded([family]);
}

/**
 * Ends the session of the refresh token (if it belongs to the caller, when there is one) and the session
 * of the caller's bearer token.
 */
export async function logout(ctx: AppContext, refreshToken: string | undefined, actorId: number | null, bearerSession?: string): Promise<void> {
  if (refreshToken) {
    try {
      const claims = await ctx.signer.verify(refreshToken, 'refresh');
      const row = await findRefreshToken(ctx.db.kysely, claims.jti);
      if (row && (actorId === null || row.user_id === actorId)) await endSession(ctx, row.family);
    } catch (err) {
      // Logging out with a dead token is still a logout.
      if (!(err instanceof TokenInvalid)) throw err;
    }
  }
  if (bearerSession) await endSession(ctx, bearerSession);
}

/** Ends every session of the user (password change or reset); their access tokens stop working at once. */
export async function revokeAllSessions(ctx: AppContext, userId: number): Promise<void> {
  const ended = await ctx.db.kysely.transaction().execute((trx) => revokeAllForUser(trx, userId, new Date(now()).toISOString()));
  ctx.events.sessionsEnded(ended);
}
