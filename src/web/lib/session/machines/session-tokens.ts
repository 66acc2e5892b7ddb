import { TOKEN_DEFAULT_EXPIRATION } from '../../../../shared/constants.js';

/** The token half of SPEC section 3's auth state: what the session machine owns. */
export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  access_token_expiration: string;
  refresh_token_expiration: string;
}

/** Logged out: no tokens, both expirations at SPEC's default (already expired). */
export const EMPTY_TOKENS: Readonly<SessionTokens> = Object.freeze({
  access_token: '',
  refresh_token: '',
  access_token_expiration: TOKEN_DEFAULT_EXPIRATION,
  refresh_token_expiration: TOKEN_DEFAULT_EXPIRATION,
});

/**
 * Milliseconds of an ISO expiration, NaN when unreadable. The server writes microseconds
 * (`.000000Z`), which not every browser's Date.parse accepts, so the fraction is cut to milliseconds.
 */
export function expirationTime(expiration: string): number {
  return Date.parse(expiration.replace(/(\.\d{3})\d+/, '$1'));
}

/** Expired when the moment has come, and also when the date cannot be read: such a token is not trusted. */
export function isExpired(expiration: string, now: number): boolean {
  const time = expirationTime(expiration);
  return Number.isNaN(time) || time <= now;
}

/**
 * How long before its expiration an access token is no longer sent: one about to expire could expire on its way
 * (a busy server, a slow phone network) and be refused, so the session refreshes it first.
 */
export const ACCESS_TOKEN_MARGIN_MS = 5_000;

/** An access token too close to its expiration to send (see ACCESS_TOKEN_MARGIN_MS); refresh tokens have no margin. */
export function accessTokenExpiring(expiration: string, now: number): boolean {
  return isExpired(expiration, now + ACCESS_TOKEN_MARGIN_MS);
}

/** What a successful refresh changes; the refresh token and its expiration only when the server rotated them. */
export type RefreshedTokens = Pick<SessionTokens, 'access_token' | 'access_token_expiration'> &
  Partial<Pick<SessionTokens, 'refresh_token' | 'refresh_token_expiration'>>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Reads both refresh response forms of SPEC section 3: `{access, access_expiration, refresh?, refresh_expiration?}`
 * and `{result, access_token, access_token_expiration, refresh_token?}`. Undefined when neither form carries a
 * new access token with its expiration, or when the second form says `result: false`.
 */
export function normalizeRefreshResponse(response: unknown): RefreshedTokens | undefined {
  if (typeof response !== 'object' || response === null) return undefined;
  const body = response as Record<string, unknown>;
  const access = text(body.access);
  const accessExpiration = text(body.access_expiration);
  if (access && accessExpiration) {
    const refresh = text(body.refresh);
    const refreshExpiration = text(body.refresh_expiration);
    return {
      access_token: access,
      access_token_expiration: accessExpiration,
      ...(refresh ? { refresh_token: refresh } : {}),
      ...(refreshExpiration ? { refresh_token_expiration: refreshExpiration } : {}),
    };
  }
  const accessToken = text(body.access_token);
  const accessTokenExpiration = text(body.access_token_expiration);
  if (body.result === false || !accessToken || !accessTokenExpiration) return undefined;
  const refreshToken = text(body.refresh_token);
  return {
    access_token: accessToken,
    access_token_expiration: accessTokenExpiration,
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
  };
}

/** The tokens of a login response (SPEC section 4, login). */
export function tokensOfLogin(response: {
  access: string;
  refresh: string;
  access_expiration: string;
  refresh_expiration: string;
}): SessionTokens {
  return {
    access_token: response.access,
    refresh_token: response.refresh,
    access_token_expiration: response.access_expiration,
    refresh_token_expiration: response.refresh_expiration,
  };
}

export function sameTokens(a: SessionTokens, b: SessionTokens): boolean {
  return (
    a.access_token === b.access_token &&
    a.refresh_token === b.refresh_token &&
    a.access_token_expiration === b.access_token_expiration &&
    a.refresh_token_expiration === b.refresh_token_expiration
  );
}
