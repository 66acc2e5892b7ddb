import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createPremiumProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { apiFrom, freshIp } from '../messaging/outbox.js';

let t: TestApp;
let staffToken: string;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
  productId = (await createPremiumProduct(t, { period_unit: 'day', period_count: 30 })).id;
});

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

async function newCodes(count = 1, expires_at = inDays(30)) {
  const res = await t.api('POST', '/membership_gift_code', { token: staffToken, body: { product_id: productId, count, expires_at } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: string; code_hint: string; status: string }[];
}

async function userWithToken() {
  const user = await createUser(t);
  return { user, token: await tokenFor(t, user) };
}

const redeem = (token: string, code: string, ip = freshIp()) => apiFrom(t, ip, 'POST', '/membership/redeem', { token, body: { code } });

describe('gift codes', () => {
  it('staff create codes shown once; the store keeps only a hash and a hint', async () => {
    const codes = await newCodes(3);
    expect(codes).toHaveLength(3);
    expect(new Set(codes.map((c) => c.code)).size).toBe(3);
    for (const c of codes) {
      expect(c.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
      expect(c.code.replace(/-/g, '').endsWith(c.code_hint)).toBe(true);
      expect(c.status).toBe('unused');
    }
    const stored = await t.db.kysely.selectFrom('membership_gift_codes').selectAll().where('id', '=', codes[0].id).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(codes[0].code.replace(/-/g, ''));
    const listed = await t.api('GET', '/membership_gift_code', { token: staffToken, query: { status: 'unused' } });
    expect(JSON.stringify(listed.json())).not.toContain(codes[0].code);
  });

  it('a user redeems a code whatever its case and dashes, and becomes a member', async () => {
    const [{ code, id }] = await newCodes();
    const { user, token } = await userWithToken();
    const res = await redeem(token, `  ${code.toLowerCase().replace(/-/g, ' ')} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ user_id: user.id, membership_slug: 'premium', active: true, source: 'gift' });
    expect(res.json().subscription.grants[0]).toMatchObject({ source: 'gift', reference: String(id) });
    const after = await t.api('GET', `/membership_gift_code/${id}`, { token: staffToken });
    expect(after.json()).toMatchObject({ status: 'redeemed', redeemed_by: user.id });
  });

  it('works once', async () => {
    const [{ code }] = await newCodes();
    const a = await userWithToken();
    const b = await userWithToken();
    expect((await redeem(a.token, code)).statusCode).toBe(200);
    const again = await redeem(b.token, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This code has been used.', fields: { code: 'This code has been used.' } });
    expect((await redeem(a.token, code)).statusCode).toBe(409);
    const redeemed = ((await t.api('GET', '/membership_gift_code', { token: staffToken, query: { status: 'redeemed' } })).json() as { results: { id: number }[] }).results;
    expect(redeemed.length).toBeGreaterThan(0);
    expect((await t.api('DELETE', `/membership_gift_code/${redeemed[0].id}`, { token: staffToken })).statusCode).toBe(409);
  });

  it('works once under two concurrent redemptions', async () => {
    const [{ code, id }] = await newCodes();
    const a = await userWithToken();
    const b = await userWithToken();
    const results = await Promise.all([redeem(a.token, code), redeem(b.token, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const grants = await t.db.kysely.selectFrom('membership_grants').selectAll().where('source_key', '=', `gift:${id}`).execute();
    expect(grants).toHaveLength(1);
  });

  it('refuses an expired code and an unknown one', async () => {
    const [{ code, id }] = await newCodes();
    await t.db.kysely.updateTable('membership_gift_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    const { token } = await userWithToken();
    const expired = await redeem(token, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().fields.code).toMatch(/expired/);
    const unknown = await redeem(token, 'AAAA-BBBB-CCCC-DDDD');
    expect(unknown.json().fields.code).toMatch(/not valid/);
    expect((await redeem(token, '')).json().fields).toHaveProperty('code');
  });

  it('throttles guessing per user and per address', async () => {
    const { token } = await userWithToken();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await redeem(token, `WRONG-CODE-${i}`, ip)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    // Another account from the same address is held back too.
    const other = await userWithToken();
    expect((await redeem(other.token, 'WRONG-CODE-X', ip)).statusCode).toBe(429);
  });

  it('needs a login to redeem; staff calls answer 403 to a user', async () => {
    const [{ id }] = await newCodes();
    expect((await t.api('POST', '/membership/redeem', { body: { code: 'X' } })).statusCode).toBe(401);
    const { token } = await userWithToken();
    expect((await t.api('GET', '/membership_gift_code', { token })).statusCode).toBe(403);
    expect((await t.api('GET', `/membership_gift_code/${id}`, { token })).statusCode).toBe(403);
    expect((await t.api('DELETE', `/membership_gift_code/${id}`, { token })).statusCode).toBe(403);
    expect((await t.api('POST', '/membership_gift_code', { token, body: { product_id: productId, expires_at: inDays(1) } })).statusCode).toBe(403);
  });

  it('staff revoke an unused code; the past is refused as an expiry', async () => {
    const [{ id, code }] = await newCodes();
    expect((await t.api('DELETE', `/membership_gift_code/${id}`, { token: staffToken })).statusCode).toBe(204);
    const { token } = await userWithToken();
    expect((await redeem(token, code)).json().fields.code).toMatch(/not valid/);
    const past = await t.api('POST', '/membership_gift_code', { token: staffToken, body: { product_id: productId, expires_at: inDays(-1) } });
    expect(past.json().fields).toHaveProperty('expires_at');
  });
});
