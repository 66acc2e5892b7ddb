import { sql } from 'kysely';
import { loadConfig } from '../../src/server/config.js';
import { buildApp } from '../../src/server/app.js';
import { createDb } from '../../src/server/db/connection.js';
import { startSession } from '../../src/server/modules/auth/service.js';
import { backofficePaths } from '../../src/shared/api/backoffice-paths.js';
import type { Route } from './measure.js';

/**
 * The back office at a real shop's size: `USERS` accounts and as many orders (one each, spread over 60 days,
 * every status and both payment methods) written into the bench's data folder before the server starts, next to
 * the bench's articles, and a superuser with a session to read every back-office list as staff do. Each list is
 * then measured as a route of its own and held to the public API's budget (p99 under 50 ms, `measure.ts`).
 */

const USERS = 10_000;
const CHUNK = 500;
const STATUSES = ['pending', 'paid', 'fulfilled', 'cancelled', 'refunded', 'expired'] as const;

export interface BackofficeBench {
  /** A superuser's bearer token. */
  token: string;
}

export async function prepareBackoffice(env: NodeJS.ProcessEnv): Promise<BackofficeBench> {
  const config = loadConfig(env);
  const db = createDb(config.databaseUrl);
  const app = await buildApp(config, { db, migrate: false, ssr: false });
  try {
    await app.ready();
    const k = db.kysely;
    const stamp = Date.now().toString(36);
    const day = (i: number) => new Date(Date.now() - (i % 60) * 86_400_000).toISOString();
    for (let start = 0; start < USERS; start += CHUNK) {
      const users = Array.from({ length: CHUNK }, (_, j) => {
        const i = start + j;
        return {
          username: `member${stamp}${i}`,
          email: `member${stamp}${i}@bench.example`,
          password_hash: null,
          display_name: `Member ${i}`,
          description: '',
          avatar: null,
          mobile: null,
          role: 'user' as const,
          email_verified: 1 as const,
          is_active: (i % 50 === 0 ? 0 : 1) as 0 | 1,
          created_at: day(i),
          updated_at: day(i),
        };
      });
      const ids = await k.insertInto('users').values(users).returning('id').execute();
      await k
        .insertInto('orders')
        .values(
          ids.map(({ id }, j) => {
            const i = start + j;
            const status = STATUSES[i % STATUSES.length]!;
            const paid = status === 'paid' || status === 'fulfilled' || status === 'refunded';
            return {
              number: `BO${stamp}${i}`,
              user_id: id,
              basket_id: null,
              status,
              currency: 'CNY',
              subtotal: 1000 + (i % 7) * 100,
              discount: 0,
              shipping_charge: 0,
              total: 1000 + (i % 7) * 100,
              voucher_id: null,
              voucher_code: null,
              voucher_claimed: 0 as const,
              shipping_method_code: null,
              shipping_method_name: null,
              shipping_address: null,
              payment_method: i % 2 === 0 ? 'alipay' : 'wechatpay',
              language: null,
              reserved_until: null,
              expires_at: day(i),
              paid_at: paid ? day(i) : null,
              fulfilled_at: null,
              closed_at: null,
              confirmation_sent_at: null,
              created_at: day(i),
              updated_at: day(i),
            };
          }),
        )
        .execute();
    }
    const now = new Date().toISOString();
    const admin = await k
      .insertInto('users')
      .values({ username: `benchadmin${stamp}`, email: `benchadmin${stamp}@bench.example`, password_hash: null, display_name: 'Bench admin', description: '', avatar: null, mobile: null, role: 'superuser', email_verified: 1, is_active: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The planner's statistics, as a live site has them.
    await sql`analyze`.execute(k);
    return { token: (await startSession(app.ctx, admin.id)).access };
  } finally {
    await app.close();
  }
}

/** Every back-office list (its first page and a deep one, its filters), each a route measured on its own. */
export function backofficeRoutes(bench: BackofficeBench): Route[] {
  const headers = () => ({ authorization: `Bearer ${bench.token}` });
  const api = (path: string, queries: string[]) => queries.map((q) => `/api/v2${path}${q ? `?${q}` : ''}`);
  const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
  return [
    { name: 'back office: dashboard', paths: api(backofficePaths.dashboard, ['']), headers },
    { name: 'back office: users', paths: api(backofficePaths.users, ['', 'page=40', 'q=member', 'blocked=true', 'role=staff']), headers },
    { name: 'back office: orders', paths: api('/orders', ['', 'status=paid', 'payment_method=alipay&page=20', `placed_after=${encodeURIComponent(since)}`]), headers },
    { name: 'back office: payments to return', paths: api(backofficePaths.paymentsToReturn, ['']), headers },
    { name: 'back office: articles', paths: api('/editorial/article', ['', 'page=50', 'search=the']), headers },
    { name: 'back office: audit log', paths: api(backofficePaths.audit, ['']), headers },
  ];
}
