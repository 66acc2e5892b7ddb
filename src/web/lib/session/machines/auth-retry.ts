import { waitFor } from 'xstate';
import { isSessionSettled, sessionAccessToken, type SessionActorRef } from './session-machine.js';

/** A 401 from the http client (its ApiError) or anything else that carries the status. */
export function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}

/**
 * Asks the session for a fresh access token and waits for the answer: true when it is logged in
 * afterwards. Concurrent callers share one server call (the session debounces REFRESH).
 */
export async function refreshSession(session: SessionActorRef): Promise<boolean> {
  session.send({ type: 'REFRESH' });
  const settled = await waitFor(session, isSessionSettled);
  return settled.matches('loggedIn');
}

/**
 * Runs an authorised call. On a 401 the session refreshes once and the call is retried once with the new
 * token; a second 401 logs out. A failed refresh has logged out already; the first error is rethrown then.
 * The call receives the token to send (undefined for a guest).
 */
export async function withAuthRetry<T>(call: (accessToken: string | undefined) => Promise<T>, session: SessionActorRef): Promise<T> {
  try {
    return await call(sessionAccessToken(session.getSnapshot()));
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    if (!(await refreshSession(session))) throw error;
  }
  try {
    return await call(sessionAccessToken(session.getSnapshot()));
  } catch (error) {
    if (isUnauthorized(error)) session.send({ type: 'LOGOUT' });
    throw error;
  }
}
