import { authPaths } from '../../../shared/api/auth-paths.js';
import type { FetchLike } from '../http.js';

/** The error codes of a 401 about the caller's token (not about a password, which is `invalid_credentials`). */
const SESSION_CODES = new Set(['not_authenticated', 'token_not_valid']);

/** The token calls themselves: their 401 is the session's answer, never a reason to refresh. */
const TOKEN_PATHS = [authPaths.refresh, authPaths.verify, authPaths.logout, authPaths.login];

/** A 401 saying the token is missing, invalid, expired or revoked. */
export async function isSessionRejection(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  try {
    const body = (await response.clone().json()) as { error?: unknown; code?: unknown };
    return SESSION_CODES.has(String(body.error)) || SESSION_CODES.has(String(body.code));
  } catch {
    return false;
  }
}

export interface UnauthorizedRetrier {
  retryUnauthorized(retry: Request, first: Response, send: FetchLike): Promise<Response>;
}

/**
 * The browser's fetch for the app's http client: any call the server refuses for its token gets one
 * refresh and one retry, then the session logs out (the session host does it; it is loaded only when
 * such an answer comes, so the entry chunk stays without Dexie and XState).
 */
export function createSessionFetch(
  loadSession: () => Promise<UnauthorizedRetrier>,
  send: FetchLike = (request) => fetch(request),
): FetchLike {
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (TOKEN_PATHS.some((p) => path.endsWith(p))) return send(request);
    const retry = request.clone();
    const response = await send(request);
    if (!(await isSessionRejection(response))) return response;
    const session = await loadSession();
    return session.retryUnauthorized(retry, response, send);
  };
}
