import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { TokenInvalid } from './errors.js';
import { now } from './time.js';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  jti: string;
  iat: number;
  exp: number;
  /** Refresh tokens: the rotation family, which is the session. */
  family?: string;
  /** Access tokens: the session (refresh family) they belong to; they die with it. */
  sid?: string;
}

export interface SignOptions {
  /** The session: `sid` of an access token, `family` of a refresh token. */
  session: string;
  jti?: string;
  /** Seconds since the epoch; given to reproduce a token byte for byte (HS256 is deterministic). */
  iat?: number;
}

const ALGORITHM = 'HS256';

export const newJti = (): string => randomUUID().replace(/-/g, '');

export type AccessClaims = TokenClaims & { sid: string };
export type RefreshClaims = TokenClaims & { family: string };
export type ClaimsOf<T extends TokenType> = T extends 'access' ? AccessClaims : RefreshClaims;

export interface TokenSigner {
  sign(type: TokenType, userId: number, lifetimeSeconds: number, options: SignOptions): Promise<{ token: string; claims: TokenClaims }>;
  /** The claims of a well-formed, unexpired token of the expected type; anything else is `TokenInvalid`. */
  verify<T extends TokenType>(token: string, expected: T): Promise<ClaimsOf<T>>;
}

/**
 * Tokens already verified, by their whole text: a signed-in reader sends the same access token with every call
 * until it expires, and checking its HMAC again costs about a seventh of a signed-in list call's CPU. The text
 * includes the signature, so a token differing by one byte is a miss and is verified in full; expiry is checked
 * on every use.
 */
const VERIFIED_TOKENS = 5_000;

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** A token lacking any claim the checks rely on is refused, so no token can live forever or outside a session. */
function hasClaims(payload: Record<string, unknown>, expected: TokenType): boolean {
  if (!Number.isSafeInteger(payload.user_id) || !isNonEmptyString(payload.jti)) return false;
  if (!Number.isSafeInteger(payload.iat) || !Number.isSafeInteger(payload.exp)) return false;
  return isNonEmptyString(expected === 'access' ? payload.sid : payload.family);
}

/** HS256 JWTs; the algorithm is allow-listed on verification, so `none` and RS/HS confusion are refused. */
export function createTokenSigner(secretKey: string): TokenSigner {
  // Imported once: given the secret's bytes, jose imports them as a WebCrypto key on every call (about a tenth of a
  // signed-in API call's CPU).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secretKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verified = new LRUCache<string, Record<string, unknown>>({ max: VERIFIED_TOKENS });
  const checkedClaims = async (token: string): Promise<Record<string, unknown>> => {
    const known = verified.get(token);
    if (known) {
      if ((known.exp as number) <= Math.floor(now() / 1000)) throw new TokenInvalid('Token is expired');
      return known;
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp', 'iat', 'jti'],
        currentDate: new Date(now()),
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new TokenInvalid('Token is expired');
      throw new TokenInvalid('Token is invalid or expired');
    }
    verified.set(token, Object.freeze(payload));
    return payload;
  };
  return {
    async sign(type, userId, lifetimeSeconds, options) {
      const iat = options.iat ?? Math.floor(now() / 1000);
      // The key order is fixed here, so re-signing stored claims reproduces the same bytes.
      const claims: TokenClaims = {
        token_type: type,
        user_id: userId,
        jti: options.jti ?? newJti(),
        iat,
        exp: iat + lifetimeSeconds,
        ...(type === 'access' ? { sid: options.session } : { family: options.session }),
      };
      const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(await key);
      return { token, claims };
    },
    async verify(token, expected) {
      const payload = await checkedClaims(token);
      if (payload.token_type !== expected) throw new TokenInvalid('Token has wrong type');
      if (!hasClaims(payload, expected)) throw new TokenInvalid('Token lacks a required claim');
      return payload as unknown as ClaimsOf<typeof expected>;
    },
  };
}
