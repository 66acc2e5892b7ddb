import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../src/server/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type { OrderOut } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ paymentDevProvider: true });
  await seedIfEmpty({ ...t.config, demoMode: true }, t.db, { passwords: { editor: 'editor-pass-for-tests', reader: 'reader-pass-for-tests', member: 'member-pass-for-tests' } });
});

describe('the demo orders', () => {
  it('give the demo member one paid order, its book sold from stock', async () => {
    const login = await t.api('POST', '/rest-auth/login/', { body: { username: 'member', password: 'member-pass-for-tests' } });
    const token = (login.json() as { access: string }).access;
    const page = (await t.api('GET', '/my_order', { token })).json() as { count: number; results: (OrderOut & { payment_method: string })[] };
    expect(page.count).toBe(1);
    const [order] = page.results;
    expect(order).toMatchObject({ status: 'paid', payment_method: 'dev', total_incl_tax: 7200, can_pay: false });
    expect(order.number).toMatch(/^\d{6}$/);
    expect(order.lines.map((l) => l.title)).toEqual(['Typography for the Screen', 'Reading Habits Workbook (PDF)']);
    // The workbook's line downloads the seeded PDF.
    expect(order.lines[0].download_url).toBeNull();
    const file = await t.app.inject({ method: 'GET', url: order.lines[1].download_url! });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const record = await t.db.kysely.selectFrom('shop_stock_records').select(['num_in_stock', 'num_allocated']).where('partner_sku', '=', 'BK-TYPE-01').executeTakeFirstOrThrow();
    expect(record).toEqual({ num_in_stock: 19, num_allocated: 0 });
    const reader = (await t.api('POST', '/rest-auth/login/', { body: { username: 'reader', password: 'reader-pass-for-tests' } })).json() as { access: string };
    expect((await t.api('GET', `/orders/${order.id}`, { token: reader.access })).statusCode).toBe(404);
  });
});
