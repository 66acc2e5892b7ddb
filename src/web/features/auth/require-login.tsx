import { useContext, useEffect } from 'react';
import { Outlet, redirect, UNSAFE_DataRouterContext, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { useI18n } from '../../app/context.js';
import { paths } from '../../app/paths.js';
import type { AuthState } from '../../lib/db.js';
import { useSession } from '../../lib/session/session-context.js';
import { hasUsableSession } from '../../lib/session/session-rules.js';

/** What the gate's loader answers: `checked` is false on the server, which cannot see the browser's tokens. */
export interface LoginCheck {
  checked: boolean;
}

/** The path and query of the request, to come back to after logging in. */
export function nextOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The loader of the pages that need login (SPEC section 6). In the browser it reads the stored state before
 * the page opens and redirects a logged-out visitor to /login?next=<path>. It runs on hydration too
 * (`hydrate`), while the page shows the server's neutral shell; the page itself never renders for a guest.
 */
export function createLoginLoader(readState: () => Promise<AuthState>, now: () => number = Date.now) {
  const loader = async ({ request }: LoaderFunctionArgs): Promise<LoginCheck> => {
    if (typeof window === 'undefined') return { checked: false };
    if (!hasUsableSession(await readState(), now())) throw redirect(paths.login(nextOf(request)));
    return { checked: true };
  };
  return Object.assign(loader, { hydrate: true as const });
}

// Dexie loads with the first protected page, not with the entry chunk. A login left by a form posted without
// script is stored first, so the page it was posted for opens.
export const requireLogin = createLoginLoader(async () => {
  await (await import('../../lib/session/handoff.js')).pickUpHandoffOnce();
  return (await import('../../lib/auth-state.js')).readAuthState();
});

/** What the server renders (and the browser hydrates) in place of a protected page: no personal data at all. */
export function LoginGateShell() {
  const { t } = useI18n();
  return (
    <p className="login-gate" role="status">
      {t('account.checking')}
    </p>
  );
}

/** True when the router is taking, or has taken, the visitor to another path than the one this page renders. */
type DataRouter = NonNullable<React.ContextType<typeof UNSAFE_DataRouterContext>>['router'];

function leftAlready(router: DataRouter | undefined, renderedPath: string): boolean {
  if (!router) return false;
  return router.state.navigation.state !== 'idle' || router.state.location.pathname !== renderedPath;
}

/**
 * The parent route of the pages that need login. After the loader let the page open, a logout (here or in
 * another tab) sends the visitor to the login page, which brings them back here afterwards.
 */
export function LoginGate() {
  const { checked } = useLoaderData() as LoginCheck;
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const loggedOut = checked && session.ready && !session.loggedIn;
  useEffect(() => {
    // A page that logs out on its way elsewhere (account deletion) has already moved the browser's address on,
    // while this page may still be on screen: that navigation wins, the login page would undo it.
    if (loggedOut && !leftAlready(dataRouter?.router, location.pathname)) void navigate(paths.login(`${location.pathname}${location.search}`), { replace: true });
  }, [dataRouter, loggedOut, location.pathname, location.search, navigate]);
  if (!checked || loggedOut) return <LoginGateShell />;
  return <Outlet />;
}
