import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { crew, type Crew } from './helpers.js';

/** The back office at a real shop's size: 10,000 users and 10,000 orders, every list and the dashboard quick. */
const N = 10_000;
const CHUNK = 500;
let t: TestApp;
let people: Crew;

beforeAll(async () => {
  t = await createTestApp();
  people = await crew(t);
  const day = (i: number) => new Date(Date.now() - (i % 60) * 86_400_000).toISOString();
  for (let start = 0; start < N; start += CHUNK) {
    const users = Array.from({ length: CHUNK }, (_, k) => {
      const i = start + k;
      return { username: `bulk${i}`, email: `bulk${i}@example.com`, password_hash: null, display_name: `Bulk ${i}`, description: '', avatar: null, mobile: null, role: 'user' as const, email_verified: 1 as const, is_active: (i % 50 === 0 ? 0 : 1) as 0 | 1, created_at: day(i), updated_at: day(i) };
    });
    const ids = await t.db.kysely.insertInto('users').values(users).returning('id').execute();
    await t.db.kysely
      .insertInto('orders')
      .values(
        ids.map(({ id }, k) => {
          const i = start + k;
          const status = (['pending', 'paid', 'fulfilled', 'cancelled', 'refunded', 'expired'] as const)[i % 6];
          return {
            number: `B${i}`,
            user_id: id,
            basket_id: null,
            status,
            currency: 'CNY',
            subtotal: 1000,
            discount: 0,
            shipping_charge: 0,
            total: 1000,
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
            paid_at: status === 'paid' || status === 'fulfilled' ? day(i) : null,
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
  // The planner's statistics, as a live site has them.
  await sql`analyze`.execute(t.db.kysely);
}, 120_000);

async function timed(path: string, query: Record<string, string> = {}) {
  const started = performance.now();
  const res = await t.api('GET', path, { token: people.staff.token, query });
  const ms = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return { ms, body: res.json() as { count?: number } };
}

describe('at 10,000 users and 10,000 orders', () => {
  it('answers the dashboard and every filtered list quickly, a page at a time', async () => {
    // Warm the statements once; then each call is measured.
    await timed(backofficePaths.dashboard);
    const calls: [string, Record<string, string>][] = [
      [backofficePaths.dashboard, {}],
      [backofficePaths.users, {}],
      [backofficePaths.users, { q: 'bulk99' }],
      [backofficePaths.users, { blocked: 'true' }],
      [backofficePaths.users, { role: 'staff' }],
      ['/orders', {}],
      ['/orders', { status: 'paid' }],
      ['/orders', { payment_method: 'alipay', page: '20' }],
      ['/orders', { placed_after: new Date(Date.now() - 86_400_000).toISOString() }],
      [backofficePaths.paymentsToReturn, {}],
    ];
    for (const [path, query] of calls) {
      const { ms } = await timed(path, query);
      expect(ms, `${path} ${JSON.stringify(query)}`).toBeLessThan(1500);
    }
    expect((await timed(backofficePaths.users, { blocked: 'true' })).body.count).toBe(N / 50);
  }, 120_000);
});
