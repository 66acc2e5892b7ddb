import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { nowIso } from '../../platform/time.js';
import { findRssToken, findRssTokenByHash, findUserById, saveRssToken } from './repo.js';

/**
 * Per-user feed tokens. The token is HMAC(secret key, user id + a random nonce); the database keeps the
 * nonce and the token's SHA-256, so the owner can see the token again while a copy of the database
 * (without the secret key) cannot rebuild or use it. Rotating draws a new nonce: the old token dies.
 */
const deriveToken = (ctx: AppContext, userId: number, nonce: string) =>
  createHmac('sha256', ctx.config.secretKey).update(`rss|${userId}|${nonce}`).digest('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

async function issue(ctx: AppContext, userId: number): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  const token = deriveToken(ctx, userId, nonce);
  await saveRssToken(ctx.db.kysely, { user_id: userId, nonce, token_hash: tokenHash(token), created_at: nowIso() });
  return token;
}

/** The user's token, made on first use. */
export async function currentRssToken(ctx: AppContext, userId: number): Promise<string> {
  const row = await findRssToken(ctx.db.kysely, userId);
  return row ? deriveToken(ctx, userId, row.nonce) : issue(ctx, userId);
}

export function rotateRssToken(ctx: AppContext, userId: number): Promise<string> {
  return issue(ctx, userId);
}

/** For the feeds: the active user a token belongs to, or undefined for an unknown or rotated token. */
export async function userForRssToken(ctx: AppContext, token: string): Promise<UserRow | undefined> {
  if (!token || token.length > 200) return undefined;
  const row = await findRssTokenByHash(ctx.db.kysely, tokenHash(token));
  if (!row) return undefined;
  const user = await findUserById(ctx.db.kysely, row.user_id);
  return user?.is_active ? user : undefined;
}
