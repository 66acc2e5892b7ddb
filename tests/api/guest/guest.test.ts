import { beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINTS_PER_IP_HOUR } from '../../../src/shared/api/guest.js';
import { meterStatus, spendMeteredRead } from '../../../src/server/modules/membership/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { apiFrom, freshIp } from '../messaging/outbox.js';

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
});

let seq = 0;
const newFinger = () => `finger-${process.pid}-${(seq += 1)}-abcdef`;

async function register(userfinger: string, options: { ip?: string; token?: string; user_id?: number | null } = {}) {
  const body: Record<string, unknown> = { userfinger, ip_address: '1.2.3.4' };
  if (options.user_id !== undefined) body.user_id = options.user_id;
  return apiFrom(t, options.ip ?? freshIp(), 'POST', '/guest/userfinger/', { token: options.token, body });
}

describe('guest/userfinger', () => {
  it('answers 404 for an unknown fingerprint and 200 once it is registered', async () => {
    const finger = newFinger();
    expect((await t.api('GET', '/guest/userfinger/', { query: { userfinger: finger } })).statusCode).toBe(404);
    const created = await register(finger);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ userfinger: finger, user_id: null });
    expect(created.headers['cache-control']).toContain('no-store');
    const known = await t.api('GET', '/guest/userfinger/', { query: { userfinger: finger } });
    expect(known.statusCode).toBe(200);
    expect(known.json().id).toBe(created.json().id);
    expect((await register(finger)).statusCode).toBe(200);
  });

  it("records the request's address, not the one in the body", async () => {
    const finger = newFinger();
    const ip = freshIp();
    await register(finger, { ip });
    const row = await t.db.kysely.selectFrom('guest_fingerprints').selectAll().where('userfinger', '=', finger).executeTakeFirstOrThrow();
    expect(row.ip_address).toBe(ip);
  });

  it("refuses to tie a fingerprint to someone else's user id", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const tokenA = await tokenFor(t, a);
    const finger = newFinger();
    expect((await register(finger, { token: tokenA, user_id: b.id })).statusCode).toBe(403);
    expect((await register(finger, { user_id: b.id })).statusCode).toBe(401);
    expect((await register(finger, { token: staffToken, user_id: b.id })).statusCode).toBe(403);
    expect((await register(finger, { user_id: 0 })).statusCode).toBe(201);
    const row = await t.db.kysely.selectFrom('guest_fingerprints').selectAll().where('userfinger', '=', finger).executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
  });

  it("ties a fingerprint to the caller's own id, shows that only to the caller, and merges the guest's reads", async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const finger = newFinger();
    const ip = freshIp();
    await register(finger, { ip });
    await spendMeteredRead(t.app.ctx, { fingerprint: finger, ip }, 42);
    const tied = await register(finger, { token, user_id: user.id, ip });
    expect(tied.statusCode).toBe(200);
    expect(tied.json().user_id).toBe(user.id);
    expect((await t.api('GET', '/guest/userfinger/', { query: { userfinger: finger } })).json().user_id).toBeNull();
    expect((await t.api('GET', '/guest/userfinger/', { token, query: { userfinger: finger } })).json().user_id).toBe(user.id);
    expect(await meterStatus(t.app.ctx, { userId: user.id }, 42)).toMatchObject({ alreadyRead: true });
  });

  it('names the field of bad input', async () => {
    const res = await register('short');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('userfinger');
    const query = await t.api('GET', '/guest/userfinger/', { query: { userfinger: 'has spaces in it' } });
    expect(query.json().fields).toHaveProperty('userfinger');
    expect((await register(newFinger(), { user_id: -1 })).json().fields).toHaveProperty('user_id');
  });

  it('limits new fingerprints per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < FINGERPRINTS_PER_IP_HOUR; i += 1) expect((await register(newFinger(), { ip })).statusCode).toBe(201);
    expect((await register(newFinger(), { ip })).statusCode).toBe(429);
  });
});

describe('guest/guestviewcount', () => {
  const postCount = (body: Record<string, unknown>) => t.api('POST', '/guest/guestviewcount/', { body });
  const countOf = async (id: number) => (await t.api('GET', '/guest/guestviewcount/', { query: { userfinger_id: String(id) } })).json().view_count as number;

  it('keeps the larger count: a lower posted count is ignored and the server value returned', async () => {
    const finger = newFinger();
    const id = (await register(finger)).json().id as number;
    const first = await postCount({ userfinger_id: id, userfinger: finger, view_count: 5 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ userfinger_id: id, view_count: 5, limit: 3 });
    const lower = await postCount({ userfinger_id: id, userfinger: finger, view_count: 2 });
    expect(lower.json().view_count).toBe(5);
    expect(await countOf(id)).toBe(5);
  });

  it("reports the meter's reads when they are more than the client said", async () => {
    const finger = newFinger();
    const ip = freshIp();
    const id = (await register(finger, { ip })).json().id as number;
    for (const article of [1, 2]) await spendMeteredRead(t.app.ctx, { fingerprint: finger, ip }, article);
    const res = await postCount({ userfinger_id: id, userfinger: finger, view_count: 0 });
    expect(res.json().view_count).toBe(2);
  });

  it("lets no one raise another guest's count: the id alone, or with another fingerprint, answers 404 and changes nothing", async () => {
    const victim = newFinger();
    const victimId = (await register(victim)).json().id as number;
    const mine = newFinger();
    const myId = (await register(mine)).json().id as number;
    expect((await postCount({ userfinger_id: victimId, userfinger: victim, view_count: 1 })).statusCode).toBe(200);
    const withoutProof = await postCount({ userfinger_id: victimId, view_count: 900 });
    expect(withoutProof.statusCode).toBe(400);
    expect(withoutProof.json().fields).toHaveProperty('userfinger');
    // The caller's own (registered) fingerprint does not open someone else's id, nor does a near miss.
    for (const userfinger of [mine, `${victim}x`, victim.toUpperCase()]) {
      const res = await postCount({ userfinger_id: victimId, userfinger, view_count: 900 });
      expect(res.statusCode, userfinger).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    // The same answer as for an id that does not exist: ids cannot be probed this way.
    expect((await postCount({ userfinger_id: 2_000_000_000, userfinger: mine, view_count: 900 })).json()).toEqual(
      (await postCount({ userfinger_id: victimId, userfinger: mine, view_count: 900 })).json(),
    );
    expect(await countOf(victimId)).toBe(1);
    expect(await countOf(myId)).toBe(0);
    const rows = await t.db.kysely.selectFrom('guest_view_counts').select(['userfinger_id', 'view_count']).where('userfinger_id', 'in', [victimId, myId]).execute();
    expect(rows).toEqual([{ userfinger_id: victimId, view_count: 1 }]);
  });

  it('answers 404 for an unknown fingerprint and 400 naming the field', async () => {
    expect((await t.api('GET', '/guest/guestviewcount/', { query: { userfinger_id: '2000000000' } })).statusCode).toBe(404);
    const bad = await postCount({ userfinger_id: 1, userfinger: newFinger(), view_count: -1 });
    expect(bad.json().fields).toHaveProperty('view_count');
    const badFinger = await postCount({ userfinger_id: 1, userfinger: 'has spaces in it', view_count: 1 });
    expect(badFinger.statusCode).toBe(400);
    expect(badFinger.json().fields).toHaveProperty('userfinger');
  });
});

describe('guest/userviewcount', () => {
  it('the user reads and raises their own count; a lower count is ignored', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    expect((await t.api('GET', '/guest/userviewcount/', { token, query: { user_id: String(user.id) } })).json()).toMatchObject({ user_id: user.id, view_count: 0, limit: 5 });
    expect((await t.api('POST', '/guest/userviewcount/', { token, body: { user_id: user.id, view_count: 4 } })).json().view_count).toBe(4);
    expect((await t.api('POST', '/guest/userviewcount/', { token, body: { user_id: user.id, view_count: 1 } })).json().view_count).toBe(4);
    expect((await t.api('GET', '/guest/userviewcount/', { token: staffToken, query: { user_id: String(user.id) } })).json().view_count).toBe(4);
  });

  it("refuses another user's count (403) and a guest (401)", async () => {
    const owner = await createUser(t);
    const other = await tokenFor(t, await createUser(t));
    expect((await t.api('GET', '/guest/userviewcount/', { token: other, query: { user_id: String(owner.id) } })).statusCode).toBe(403);
    expect((await t.api('POST', '/guest/userviewcount/', { token: other, body: { user_id: owner.id, view_count: 9 } })).statusCode).toBe(403);
    expect((await t.api('GET', '/guest/userviewcount/', { query: { user_id: String(owner.id) } })).statusCode).toBe(401);
    expect((await t.api('POST', '/guest/userviewcount/', { body: { user_id: owner.id, view_count: 9 } })).statusCode).toBe(401);
  });
});
