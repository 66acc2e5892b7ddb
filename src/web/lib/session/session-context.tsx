import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { LoginResponse } from '../../../shared/api/auth.js';
import type { AuthState, ProfileState } from '../db.js';
import type { SessionOutcome, SessionSnapshot } from './machines/session-machine.js';
import type { SessionHost } from './session-host.js';
import { hasUsableSession } from './session-rules.js';

let started: Promise<SessionHost> | undefined;

/** Navigation state after the account was deleted: the header says so on the next page. */
export const ACCOUNT_NOTICE_DELETED = 'deleted';

/**
 * The tab's one session host, started on first use (the provider asks at once after hydration; the http
 * client's fetch may ask first). It brings Dexie and XState with it, outside the entry chunk.
 */
export function sessionHost(): Promise<SessionHost> {
  if (typeof window === 'undefined') return Promise.reject(new Error('The session lives in the browser.'));
  started ??= import('./session-host.js').then((m) => m.startSessionHost({ baseUrl: window.location.origin }));
  return started;
}

/**
 * The bearer token for an API call (the http client's `getAccessToken`): the stored one while it is unexpired;
 * an expired one is refreshed first when the session can be (so a logged-in reader's calls never go out without
 * their token); none for a guest.
 */
export async function accessTokenForCall(): Promise<string | undefined> {
  const { readAccessToken, readAuthState } = await import('../auth-state.js');
  const stored = await readAccessToken();
  if (stored) return stored;
  if (!hasUsableSession(await readAuthState(), Date.now())) return undefined;
  return (await sessionHost()).accessToken();
}

export interface SessionView {
  /** False until the stored state has been read: on the server, during hydration and just after. */
  ready: boolean;
  /** The stored rows (SPEC section 3); null until ready. */
  auth: AuthState | null;
  profile: ProfileState | null;
  loggedIn: boolean;
  /** The machine's state name and last token outcome; null until ready. */
  machine: { value: string; outcome: SessionOutcome | null } | null;
  host: SessionHost | null;
  login(response: LoginResponse): Promise<void>;
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionHost | null>(null);

const noop = () => () => undefined;

function stateName(snapshot: SessionSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
}

/**
 * Starts the session in the browser and hands it to the tree. Personal queries are dropped when the user
 * changes (logout here or in another tab), so nothing of theirs is shown to the next person.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<SessionHost | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    sessionHost().then(
      (h) => {
        if (active) setHost(h);
      },
      (err: unknown) => console.error('The session could not start', err),
    );
    return () => {
      active = false;
    };
  }, []);
  useEffect(() => {
    if (!host) return;
    let userId = host.stored().auth.userid;
    return host.subscribe(() => {
      const next = host.stored().auth.userid;
      if (next === userId) return;
      userId = next;
      queryClient.removeQueries({ predicate: (query) => query.meta?.personal === true });
    });
  }, [host, queryClient]);
  // Progress made offline is sent for the logged-in user at start and on reconnect (loaded on first use).
  useEffect(() => {
    if (!host) return;
    let userId = 0;
    let stop: (() => void) | undefined;
    const follow = () => {
      const { auth } = host.stored();
      const next = auth.isLogin ? auth.userid : 0;
      if (next === userId) return;
      userId = next;
      stop?.();
      stop = undefined;
      if (next) {
        void import('../offline/outbox-sync.js').then((m) => {
          if (userId === next) stop = m.syncProgressOutbox(next, queryClient);
        });
      }
    };
    follow();
    const unsubscribe = host.subscribe(follow);
    return () => {
      userId = -1;
      unsubscribe();
      stop?.();
    };
  }, [host, queryClient]);
  return <SessionContext.Provider value={host}>{children}</SessionContext.Provider>;
}

/** The session as the page needs it: the live stored rows, the machine's outcome, login and logout. */
export function useSession(): SessionView {
  const host = useContext(SessionContext);
  const stored = useSyncExternalStore(
    host ? host.subscribe : noop,
    () => (host ? host.stored() : null),
    () => null,
  );
  const subscribeMachine = useCallback(
    (listener: () => void) => {
      if (!host) return () => undefined;
      const subscription = host.actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [host],
  );
  const snapshot = useSyncExternalStore(
    subscribeMachine,
    () => (host ? host.actor.getSnapshot() : null),
    () => null,
  );
  return useMemo(
    () => ({
      ready: stored !== null,
      auth: stored?.auth ?? null,
      profile: stored?.profile ?? null,
      loggedIn: stored?.auth.isLogin === 1,
      machine: snapshot ? { value: stateName(snapshot), outcome: snapshot.context.outcome } : null,
      host,
      login: async (response: LoginResponse) => (await sessionHost()).login(response),
      logout: async () => (await sessionHost()).logout(),
    }),
    [stored, snapshot, host],
  );
}
