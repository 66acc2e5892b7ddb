import { beforeAll, describe, expect, it } from 'vitest';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { writeMembersWithOrders } from '../../bench/backoffice-rows.js';
import { crew, type Crew } from './helpers.js';

/** The back office at a real shop's size: 10,000 users and 10,000 orders, every list and the dashboard quick. */
const N = 10_000;
let t: TestApp;
let people: Crew;

beforeAll(async () => {
  t = await createTestApp();
  people = await crew(t);
  await writeMembersWithOrders(t.db.kysely, N, 'bulk');
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
