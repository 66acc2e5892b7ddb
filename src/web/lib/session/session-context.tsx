import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { LoginResponse } from '../../../shared/api/auth.js';
import type { AuthState, ProfileState } from '../db.js';
import type { SessionOutcome, SessionSnapshot } from './machines/session-machine.js';
import { DEFAULT_AUTH_STATE, DEFAULT_PROFILE_STATE, deviceMayHoldSession } from './device-session.js';
import type { SessionHost, StoredSession } from './session-host.js';
import { dropPersonalQueries } from './personal-queries.js';
import { hasUsableSession } from './session-rules.js';

let started: Promise<SessionHost> | undefined;
const startListeners = new Set<(host: Promise<SessionHost>) => void>();

/** Calls `listener` with the session host once something starts it (now, when it already has been). */
function onSessionHostStart(listener: (host: Promise<SessionHost>) => void): () => void {
  if (started) {
    listener(started);
    return () => undefined;
  }
  startListeners.add(listener);
  return () => {
    startListeners.delete(listener);
  };
}

/** Navigation state after the account was deleted: the header says so on the next page. */
export const ACCOUNT_NOTICE_DELETED = 'deleted';

/**
 * The tab's one session host, started on first use: at once after hydration on a device that may hold a
 * session, else by a login, a logout or a call with a stored token. It brings Dexie and XState with it, outside
 * the entry chunk.
 */
export function sessionHost(): Promise<SessionHost> {
  if (typeof window === 'undefined') return Promise.reject(new Error('The session lives in the browser.'));
  if (!started) {
    started = import('./session-host.js').then((m) => m.startSessionHost({ baseUrl: window.location.origin }));
    for (const listener of startListeners) listener(started);
    startListeners.clear();
  }
  return started;
}

/**
 * The bearer token for an API call (the http client's `getAccessToken`): the stored one while it is unexpired;
 * an expired one is refreshed first when the session can be (so a logged-in reader's calls never go out without
 * their token); none for a guest, and nothing loaded for a device that holds no session.
 */
export async function accessTokenForCall(): Promise<string | undefined> {
  if (!started && !(await deviceMayHoldSession())) return undefined;
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

/** The host once started; `guest` while the device is known to hold no session and nothing has started it. */
interface SessionSource {
  host: SessionHost | null;
  guest: boolean;
}

const SessionContext = createContext<SessionSource>({ host: null, guest: false });

/** The stored rows of a device that holds no session, read without opening the database. */
const GUEST_ROWS: StoredSession = { auth: DEFAULT_AUTH_STATE, profile: DEFAULT_PROFILE_STATE };

const noop = () => () => undefined;

function stateName(snapshot: SessionSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
}

/**
 * Starts the session in the browser and hands it to the tree. On a device that holds no session (no database,
 * no login to pick up) the reader is a guest at once and the host starts only when a login, a logout or a stored
 * token needs it; the device is asked again whenever the tab is shown, since another tab may have logged in.
 * Personal queries are dropped when the user changes (logout here or in another tab), so nothing of theirs is
 * shown to the next person.
 */
/** The channel a tab announces its session's start on. */
const SESSION_CHANNEL = 'lectern-session';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [host, setHost] = useState<SessionHost | null>(null);
  const [guest, setGuest] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    // A tab whose session starts says so to the device's other tabs: a guest tab (no session host) then checks
    // again, so a login in one tab shows in the others while both are on screen.
    const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
    const take = (starting: Promise<SessionHost>) =>
      starting.then(
        (h) => {
          if (!active) return;
          setHost(h);
          tabs?.postMessage('started');
        },
        (err: unknown) => console.error('The session could not start', err),
      );
    const check = () => {
      if (started) return;
      void deviceMayHoldSession().then((may) => {
        if (!active || started) return;
        if (may) void sessionHost();
        else setGuest(true);
      });
    };
    const onShown = () => {
      if (document.visibilityState === 'visible') check();
    };
    const stopWatching = () => document.removeEventListener('visibilitychange', onShown);
    if (!started) {
      document.addEventListener('visibilitychange', onShown);
      if (tabs) tabs.onmessage = () => check();
      check();
    }
    const stopListening = onSessionHostStart((starting) => {
      stopWatching();
      void take(starting);
    });
    return () => {
      active = false;
      stopListening();
      stopWatching();
      tabs?.close();
    };
  }, []);
  useEffect(() => {
    if (!host) return;
    let userId = host.stored().auth.userid;
    return host.subscribe(() => {
      const next = host.stored().auth.userid;
      if (next === userId) return;
      const previous = userId;
      userId = next;
      void dropPersonalQueries(queryClient, previous);
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
  const source = useMemo(() => ({ host, guest: guest && !host }), [host, guest]);
  return <SessionContext.Provider value={source}>{children}</SessionContext.Provider>;
}

/** The session as the page needs it: the live stored rows, the machine's outcome, login and logout. */
export function useSession(): SessionView {
  const { host, guest } = useContext(SessionContext);
  const stored = useSyncExternalStore(
    host ? host.subscribe : noop,
    () => (host ? host.stored() : guest ? GUEST_ROWS : null),
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
