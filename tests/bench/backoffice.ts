import { startSession } from '../../src/server/modules/auth/service.js';
import { backofficePaths } from '../../src/shared/api/backoffice-paths.js';
import { withBenchApp } from './bench-app.js';
import { writeMembersWithOrders } from './backoffice-rows.js';
import type { Route } from './measure.js';

/**
 * The back office at a real shop's size: `USERS` accounts and as many orders (one each, `backoffice-rows.ts`)
 * written into the bench's data folder before the server starts, next to the bench's articles, and a superuser
 * with a session to read every back-office list as staff do. Each list is then measured as a route of its own
 * and held to the public API's budget (p99 under 50 ms, `measure.ts`).
 */

const USERS = 10_000;

export interface BackofficeBench {
  /** A superuser's bearer token. */
  token: string;
}

export async function prepareBackoffice(env: NodeJS.ProcessEnv): Promise<BackofficeBench> {
  return withBenchApp(env, async (app, db) => {
    const k = db.kysely;
    const stamp = Date.now().toString(36);
    await writeMembersWithOrders(k, USERS, `member${stamp}`);
    const now = new Date().toISOString();
    const admin = await k
      .insertInto('users')
      .values({ username: `benchadmin${stamp}`, email: `benchadmin${stamp}@bench.example`, password_hash: null, display_name: 'Bench admin', description: '', avatar: null, mobile: null, role: 'superuser', email_verified: 1, is_active: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { token: (await startSession(app.ctx, admin.id)).access };
  });
}

/** Every back-office list (its first page and a deep one, its filters), each a route measured on its own. */
export function backofficeRoutes(bench: BackofficeBench): Route[] {
  const headers = () => ({ authorization: `Bearer ${bench.token}` });
  const api = (path: string, queries: string[]) => queries.map((q) => `/api/v2${path}${q ? `?${q}` : ''}`);
  const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
  return [
    { name: 'back office: dashboard', paths: api(backofficePaths.dashboard, ['']), headers },
    { name: 'back office: users', paths: api(backofficePaths.users, ['', 'page=40', 'q=member', 'blocked=true', 'role=staff']), headers },
    { name: 'back office: orders', paths: api(backofficePaths.orders, ['', 'status=paid', 'payment_method=alipay&page=20', `placed_after=${encodeURIComponent(since)}`]), headers },
    { name: 'back office: payments to return', paths: api(backofficePaths.paymentsToReturn, ['']), headers },
    { name: 'back office: articles', paths: api('/editorial/article', ['', 'page=50', 'search=the']), headers },
    { name: 'back office: audit log', paths: api(backofficePaths.audit, ['']), headers },
  ];
}
