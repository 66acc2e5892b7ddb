import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { TokenInvalid } from './errors.js';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  jti: string;
  iat: number;
  exp: number;
  family?: string;
}

const ALGORITHM = 'HS256';

export interface TokenSigner {
  sign(type: TokenType, userId: number, lifetimeSeconds: number, extra?: { family?: string; jti?: string }): Promise<{
    token: string;
    claims: TokenClaims;
  }>;
  verify(token: string, expected: TokenType): Promise<TokenClaims>;
}

/** HS256 JWTs; the algorithm is allow-listed on verification, so `none` and RS/HS confusion are refused. */
export function createTokenSigner(secretKey: string): TokenSigner {
  const key = new TextEncoder().encode(secretKey);
  return {
    async sign(type, userId, lifetimeSeconds, extra = {}) {
      const iat = Math.floor(Date.now() / 1000);
      const claims: TokenClaims = {
        token_type: type,
        user_id: userId,
        jti: extra.jti ?? randomUUID().replace(/-/g, ''),
        iat,
        exp: iat + lifetimeSeconds,
        ...(extra.family ? { family: extra.family } : {}),
      };
      const token = await new SignJWT({ ...claims }).setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' }).sign(key);
      return { token, claims };
    },
    async verify(token, expected) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
        const claims = payload as unknown as TokenClaims;
        if (claims.token_type !== expected || typeof claims.user_id !== 'number' || !claims.jti) {
          throw new TokenInvalid('Token has wrong type');
        }
        return claims;
      } catch (err) {
        if (err instanceof TokenInvalid) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new TokenInvalid('Token is expired');
        throw new TokenInvalid('Token is invalid or expired');
      }
    },
  };
}
