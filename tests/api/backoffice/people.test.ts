import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffUser, StaffUserDetail } from '../../../src/shared/api/backoffice.js';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createPremiumProduct, createUser, DEFAULT_PASSWORD } from '../helpers/factories.js';
import { ok } from '../orders/factories.js';
import { crew, refusedField, type Crew } from './helpers.js';

let t: TestApp;
let people: Crew;

beforeAll(async () => {
  t = await createTestApp();
  people = await crew(t);
});

const at = (path: string, id: number) => path.replace(':id', String(id));
interface Page<T> {
  count: number;
  results: T[];
}

async function loggedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t, overrides);
  const res = ok<{ access: string; refresh: string }>(await t.api('POST', '/rest-auth/login/', { body: { username: user.username, password: DEFAULT_PASSWORD } }));
  return { user, ...res };
}

describe('finding users', () => {
  it('matches the start of a username, e-mail or display name in any case, or an id; filters by role and block; pages', async () => {
    const lin = await createUser(t, { username: `LinMei${Date.now().toString(36)}`, display_name: 'Lin Mei' });
    const search = async (query: Record<string, string>) => ok<Page<StaffUser>>(await t.api('GET', backofficePaths.users, { token: people.staff.token, query }));
    expect((await search({ q: lin.username.toLowerCase() })).results.map((u) => u.id)).toEqual([lin.id]);
    expect((await search({ q: lin.email.slice(0, 8).toUpperCase() })).results.map((u) => u.id)).toContain(lin.id);
    expect((await search({ q: String(lin.id) })).results.map((u) => u.id)).toContain(lin.id);
    // LIKE's wildcards are taken literally.
    expect((await search({ q: '%' })).count).toBe(0);
    const staffOnly = await search({ role: 'staff' });
    expect(staffOnly.results.every((u) => u.role === 'staff')).toBe(true);
    const paged = await search({ page_size: '2' });
    expect(paged.results).toHaveLength(2);
    expect(paged.results[0].id).toBeGreaterThan(paged.results[1].id);
  });

  it("shows a user's counts and membership", async () => {
    const member = await createUser(t);
    const product = await createPremiumProduct(t);
    ok(await t.api('POST', '/subscription/grant', { token: people.staff.token, body: { user_id: member.id, product_id: product.id } }));
    const detail = ok<StaffUserDetail>(await t.api('GET', at(backofficePaths.user, member.id), { token: people.staff.token }));
    expect(detail).toMatchObject({ id: member.id, member: true, blocked: false, counts: { orders: 0, comments: 0, courses: 0 } });
    expect((await t.api('GET', at(backofficePaths.user, 2147483000), { token: people.staff.token })).statusCode).toBe(404);
  });
});

describe('blocking', () => {
  it('ends every open session at once, and the user can neither refresh nor log in until unblocked', async () => {
    const victim = await loggedIn();
    expect((await t.api('GET', '/rest-auth/user/', { token: victim.access })).statusCode).toBe(200);
    const blocked = ok<StaffUser>(await t.api('POST', at(backofficePaths.userBlock, victim.user.id), { token: people.staff.token, body: { reason: 'Spam' } }));
    expect(blocked).toMatchObject({ blocked: true, blocked_reason: 'Spam' });
    expect((await t.api('GET', '/rest-auth/user/', { token: victim.access })).statusCode).toBe(401);
    expect((await t.api('POST', '/rest-auth/token/refresh/', { body: { refresh: victim.refresh } })).statusCode).toBe(401);
    const login = await t.api('POST', '/rest-auth/login/', { body: { username: victim.user.username, password: DEFAULT_PASSWORD } });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.statusCode).toBeLessThan(500);
    const families = await t.db.kysely.selectFrom('refresh_tokens').select('revoked_at').where('user_id', '=', victim.user.id).execute();
    expect(families.every((f) => f.revoked_at !== null)).toBe(true);
    // Staff still see what a blocked account wrote, to moderate it; readers no longer do.
    expect((await t.api('GET', `/comments/user/${victim.user.id}`, { token: people.staff.token })).statusCode).toBe(200);
    expect((await t.api('GET', `/comments/user/${victim.user.id}`, { token: people.reader.token })).statusCode).toBe(404);
    // Blocking twice is refused; unblocking lets them in again.
    expect((await t.api('POST', at(backofficePaths.userBlock, victim.user.id), { token: people.staff.token, body: { reason: 'Again' } })).statusCode).toBe(409);
    expect(ok<StaffUser>(await t.api('POST', at(backofficePaths.userUnblock, victim.user.id), { token: people.staff.token })).blocked).toBe(false);
    expect((await t.api('POST', '/rest-auth/login/', { body: { username: victim.user.username, password: DEFAULT_PASSWORD } })).statusCode).toBe(200);
  });

  it('lets only a superuser block staff, and no one block themselves or a superuser', async () => {
    const colleague = await createUser(t, { role: 'staff' });
    expect((await t.api('POST', at(backofficePaths.userBlock, colleague.id), { token: people.staff.token, body: { reason: 'x' } })).statusCode).toBe(403);
    expect((await t.api('POST', at(backofficePaths.userBlock, people.staff.user.id), { token: people.staff.token, body: { reason: 'x' } })).statusCode).toBe(409);
    expect((await t.api('POST', at(backofficePaths.userBlock, people.superuser.user.id), { token: people.staff.token, body: { reason: 'x' } })).statusCode).toBe(403);
    ok(await t.api('POST', at(backofficePaths.userBlock, colleague.id), { token: people.superuser.token, body: { reason: 'Left the company' } }));
  });

  it('names the reason when it is missing or too long', async () => {
    const user = await createUser(t);
    refusedField(await t.api('POST', at(backofficePaths.userBlock, user.id), { token: people.staff.token, body: {} }), 400, 'reason');
    refusedField(await t.api('POST', at(backofficePaths.userBlock, user.id), { token: people.staff.token, body: { reason: 'x'.repeat(501) } }), 400, 'reason');
    expect(ok<StaffUserDetail>(await t.api('GET', at(backofficePaths.user, user.id), { token: people.staff.token })).blocked).toBe(false);
  });
});

describe('the staff role', () => {
  it('is given and taken back by a superuser, and holds at once', async () => {
    const user = await loggedIn();
    expect((await t.api('GET', backofficePaths.dashboard, { token: user.access })).statusCode).toBe(403);
    expect(ok<StaffUser>(await t.api('POST', at(backofficePaths.userRole, user.user.id), { token: people.superuser.token, body: { role: 'staff' } })).role).toBe('staff');
    expect((await t.api('GET', backofficePaths.dashboard, { token: user.access })).statusCode).toBe(200);
    ok(await t.api('POST', at(backofficePaths.userRole, user.user.id), { token: people.superuser.token, body: { role: 'user' } }));
    expect((await t.api('GET', backofficePaths.dashboard, { token: user.access })).statusCode).toBe(403);
  });

  it('refuses a superuser target, their own role, and a blocked account', async () => {
    const other = await createUser(t, { role: 'superuser' });
    refusedField(await t.api('POST', at(backofficePaths.userRole, other.id), { token: people.superuser.token, body: { role: 'user' } }), 400, 'role');
    expect((await t.api('POST', at(backofficePaths.userRole, people.superuser.user.id), { token: people.superuser.token, body: { role: 'user' } })).statusCode).toBe(409);
    const blocked = await createUser(t);
    ok(await t.api('POST', at(backofficePaths.userBlock, blocked.id), { token: people.staff.token, body: { reason: 'x' } }));
    refusedField(await t.api('POST', at(backofficePaths.userRole, blocked.id), { token: people.superuser.token, body: { role: 'staff' } }), 400, 'role');
  });
});
