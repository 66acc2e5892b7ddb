import { liveQuery } from 'dexie';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authPaths } from '../../../shared/api/auth-paths.js';
import type { LoginResponse } from '../../../shared/api/auth.js';
import { readAuthState, readProfileState } from '../auth-state.js';
import { getDb, type AuthState, type LecternDb, type ProfileState } from '../db.js';
import { createHttpClient, type FetchLike } from '../http.js';
import { withAuthRetry } from './machines/auth-retry.js';
import {
  isSessionSettled,
  sessionAccessToken,
  isNoAnswer,
  sessionMachine,
  type SessionActorRef,
  type SessionSnapshot,
} from './machines/session-machine.js';
import { pickUpHandoffOnce } from './handoff.js';
import { browserLocks, refreshWithLock, type LockManagerLike } from './refresh-lock.js';
import { runMembershipCheck, startMembershipCheck, type MembershipActorRef } from './membership-check.js';
import { clearLoginOf, logout, saveSession, saveTokens } from './session-store.js';
import { isSessionRejection } from './session-fetch.js';

/** The auth and profile rows as stored (SPEC section 3), read live. */
export interface StoredSession {
  auth: AuthState;
  profile: ProfileState;
}

export interface SessionHost {
  readonly actor: SessionActorRef;
  /** The membership check (SPEC section 4); it runs after every login and token refresh of this tab, and at logout. */
  readonly membership: MembershipActorRef;
  /** The stored rows as last read; every tab's writes show up here. */
  stored(): StoredSession;
  subscribe(listener: () => void): () => void;
  /** LOGIN with a login answer; resolves once it is stored (so a page that checks the storage sees it). */
  login(response: LoginResponse): Promise<void>;
  /** Revokes the session on the server, clears it here (every tab follows), then LOGOUT. */
  logout(): Promise<void>;
  /** The access token in hand while it is unexpired; an expired one is refreshed first (REFRESH). */
  accessToken(): Promise<string | undefined>;
  /** VERIFY, and the settled session after it. */
  verify(): Promise<SessionSnapshot>;
  /** REFRESH, and the settled session after it. */
  refresh(): Promise<SessionSnapshot>;
  /**
   * Checks the membership now with the session's token (refreshed first when expired) and stores isMember for
   * every tab; resolves with the answer once it is stored, or null when a call failed.
   */
  verifyMembership(): Promise<0 | 1 | null>;
  /**
   * A call that the server refused for its token (401): one refresh and one retry, then logout
   * (`withAuthRetry`). `retry` is an unsent copy of the request; the answer is the retry's, or the first one.
   */
  retryUnauthorized(retry: Request, first: Response, send: FetchLike): Promise<Response>;
  /** Resolves when every write the session started has landed. */
  flush(): Promise<void>;
  stop(): void;
}

export interface SessionHostOptions {
  /** Origin of the API. */
  baseUrl: string;
  db?: LecternDb;
  /** Stores a login left by a form posted without script, before the session starts from the storage. */
  pickUpHandoff?: () => Promise<unknown>;
  /** The lock manager tabs refresh under; `navigator.locks` by default, null for none. */
  locks?: LockManagerLike | null;
  fetch?: FetchLike;
  now?: () => number;
}

const isLoggedOutRow = (auth: AuthState) => auth.isLogin === 0 && auth.access_token === '' && auth.refresh_token === '';

/** Marks a refused answer so withAuthRetry sees its 401 and the caller gets the response back. */
class RefusedResponse extends Error {
  readonly status = 401;
  constructor(readonly response: Response) {
    super('Request failed with status code 401');
  }
}

const withBearer = (request: Request, token: string | undefined): Request => {
  const copy = request.clone();
  if (token) copy.headers.set('authorization', `Bearer ${token}`);
  else copy.headers.delete('authorization');
  return copy;
};

/**
 * The one session of the app in this tab: the session machine (SPEC section 4) wired to the server calls and
 * to the Dexie rows. It starts from the stored tokens and VERIFYs at once (the machine debounces it); writes of
 * other tabs arrive as AUTH_STATE_CHANGED, so a logout anywhere logs out everywhere.
 */
export async function startSessionHost(options: SessionHostOptions): Promise<SessionHost> {
  const db = options.db ?? getDb();
  await (options.pickUpHandoff ?? (() => pickUpHandoffOnce(options.baseUrl)))();
  // Token calls carry their tokens in the body; they never go through the retrying fetch.
  const http = createHttpClient({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const read = async (): Promise<StoredSession> => ({ auth: await readAuthState(db), profile: await readProfileState(db) });
  let current = await read();
  const listeners = new Set<() => void>();
  const publish = (next: StoredSession) => {
    current = next;
    for (const listener of listeners) listener();
  };

  // Writes run one after another; while any is pending the live rows may still show the state before it,
  // so they are not handed to the machine until the last write has landed and the rows are read again.
  let writes: Promise<void> = Promise.resolve();
  let pending = 0;
  // After stop() the database may be closed under a late write: nothing to report then.
  let stopped = false;
  const report = (what: string, err: unknown) => {
    if (!stopped) console.error(what, err);
  };
  // The tokens are checked again when the connection returns (once, however many calls went unanswered).
  const verifyOnline = () => {
    window.removeEventListener('online', verifyOnline);
    if (!stopped) actor.send({ type: 'VERIFY' });
  };
  const verifyWhenOnline = () => {
    if (typeof window !== 'undefined') window.addEventListener('online', verifyOnline);
  };
  /** Once nothing is pending: the rows as they are now, to the page and to the machine. */
  const resync = async () => {
    if (pending > 0 || stopped) return;
    try {
      const fresh = await read();
      publish(fresh);
      if (pending === 0) actor.send({ type: 'AUTH_STATE_CHANGED', state: fresh.auth });
    } catch (err) {
      report('The stored session could not be read', err);
    }
  };
  const enqueue = (write: () => Promise<void>) => {
    pending += 1;
    writes = writes.then(async () => {
      try {
        await write();
      } catch (err) {
        report('The session could not be stored', err);
      }
      pending -= 1;
      await resync();
    });
  };
  const flush = async () => {
    let seen: Promise<void>;
    do {
      seen = writes;
      await seen;
    } while (seen !== writes);
  };

  const machine = sessionMachine.provide({
    actors: {
      verifyToken: fromPromise<unknown, { token: string }>(async ({ input }) => {
        try {
          return await http.post(authPaths.verify, { token: input.token });
        } catch (err) {
          // Unanswered, the tokens stand: the check is made again once the connection returns.
          if (isNoAnswer(err)) verifyWhenOnline();
          throw err;
        }
      }),
      // One tab at a time (see refreshWithLock). It stores the new tokens itself, under the lock: that write
      // counts as pending, so it does not come back as another tab's change while the machine waits for it.
      refreshToken: fromPromise<unknown, { refresh: string }>(async ({ input }) => {
        pending += 1;
        try {
          return await refreshWithLock(input.refresh, {
            locks: options.locks === undefined ? browserLocks() : (options.locks ?? undefined),
            db,
            call: (refresh) => http.post(authPaths.refresh, { refresh }),
            now: options.now ?? Date.now,
          });
        } catch (err) {
          if (isNoAnswer(err)) verifyWhenOnline();
          throw err;
        } finally {
          pending -= 1;
          void resync();
        }
      }),
    },
    actions: {
      // A login or a refresh of this tab checks the membership again with the new token, once it is stored.
      // Other tabs adopt the stored rows (isMember included) without calling the server themselves.
      persistLogin: (_, params) =>
        enqueue(async () => {
          await (params.user ? saveSession(params.tokens, params.user, db) : saveTokens(params.tokens, db));
          membership.send({ type: 'VERIFY', token: params.tokens.access_token });
        }),
      // Only the session the machine dropped is cleared: the row may hold a login stored since the machine
      // decided (another tab's, while this one's VERIFY found no token), which it then adopts from the storage.
      persistLogout: (_, params) =>
        enqueue(async () => {
          // A guest's VERIFY ends here on every visit: nothing to clear, so nothing to write (and no tab to wake).
          if (!isLoggedOutRow(await readAuthState(db))) await clearLoginOf(params.tokens, db);
        }),
    },
  });
  const actor = createActor(machine, { input: { tokens: current.auth, ...(options.now ? { now: options.now } : {}) } });
  const membership = startMembershipCheck({
    http,
    db,
    enqueue,
    // The check is sent without a token only once the session has none, so it is logged out already (and
    // keeps its outcome, e.g. "token invalid"); a login that came meanwhile (in another tab) has a refresh
    // token again, and a stale check must not end it.
    logout: () => {
      const session = actor.getSnapshot();
      if (!session.matches('loggedOut') && session.context.refresh_token === '') actor.send({ type: 'LOGOUT' });
    },
  });
  // The session lost its tokens (a logout here or in another tab, a failed refresh): the check runs without a
  // token, which cancels any check still under way for the user who left and answers isMember 0.
  let hadTokens = current.auth.access_token !== '' || current.auth.refresh_token !== '';
  actor.subscribe((snapshot) => {
    const hasTokens = snapshot.context.access_token !== '' || snapshot.context.refresh_token !== '';
    if (hadTokens && !hasTokens) membership.send({ type: 'VERIFY', token: '' });
    hadTokens = hasTokens;
  });
  actor.start();

  const subscription = db
    ? liveQuery(read).subscribe({
        next: (rows) => {
          publish(rows);
          if (pending === 0) actor.send({ type: 'AUTH_STATE_CHANGED', state: rows.auth });
        },
        error: (err: unknown) => report('The stored session could not be read', err),
      })
    : undefined;
  // Offline, the check could only fail, and a failed check ends the session (and with it the reader's offline
  // library): it waits for the connection instead. The stored tokens stand meanwhile.
  const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
  if (isOffline()) verifyWhenOnline();
  else actor.send({ type: 'VERIFY' });

  const settle = async (event: { type: 'VERIFY' } | { type: 'REFRESH' }) => {
    actor.send(event);
    const settled = await waitFor(actor, isSessionSettled);
    await flush();
    return settled;
  };

  const accessToken = async () => {
    const snapshot = await waitFor(actor, isSessionSettled);
    const token = sessionAccessToken(snapshot);
    if (token || snapshot.context.refresh_token === '') return token;
    // An expired token is not refreshed offline (the refresh would fail and end the session): the call goes
    // without it, and the worker answers from the device what it can.
    if (isOffline()) return undefined;
    return sessionAccessToken(await settle({ type: 'REFRESH' }));
  };

  return {
    actor,
    membership,
    stored: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async login(response) {
      actor.send({ type: 'LOGIN', response });
      await flush();
    },
    async logout() {
      await flush();
      await logout(http, db);
      actor.send({ type: 'LOGOUT' });
      await flush();
    },
    accessToken,
    verify: () => settle({ type: 'VERIFY' }),
    refresh: () => settle({ type: 'REFRESH' }),
    async verifyMembership() {
      const answer = await runMembershipCheck(membership, (await accessToken()) ?? '');
      await flush();
      return answer;
    },
    async retryUnauthorized(retry, first, send) {
      // Wait out a check that is running: its answer may be the token this call needs.
      const snapshot = await waitFor(actor, isSessionSettled);
      if (snapshot.context.refresh_token === '') return first;
      await flush();
      const sent = retry.headers.get('authorization')?.replace(/^Bearer /, '');
      const inHand = sessionAccessToken(snapshot);
      if (inHand && inHand !== sent) {
        // Another call (or tab) refreshed meanwhile: the newer token may be all this call needed.
        const response = await send(withBearer(retry, inHand));
        if (!(await isSessionRejection(response))) return response;
      }
      let firstAnswer = true;
      try {
        return await withAuthRetry(async (token) => {
          if (firstAnswer) {
            firstAnswer = false;
            throw new RefusedResponse(first);
          }
          await flush();
          const response = await send(withBearer(retry, token));
          if (await isSessionRejection(response)) throw new RefusedResponse(response);
          return response;
        }, actor);
      } catch (err) {
        if (err instanceof RefusedResponse) return err.response;
        throw err;
      } finally {
        await flush();
      }
    },
    flush,
    stop() {
      stopped = true;
      if (typeof window !== 'undefined') window.removeEventListener('online', verifyOnline);
      subscription?.unsubscribe();
      membership.stop();
      actor.stop();
      listeners.clear();
    },
  };
}
