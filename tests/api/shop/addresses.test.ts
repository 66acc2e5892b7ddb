import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_USER_ADDRESSES } from '../../../src/shared/api/shop-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const address = { first_name: 'Li', last_name: 'Wei', line1: '1 Reading Road', line4: 'Shanghai', postcode: '200000', country: 'cn', phone_number: '+86 138 0013 8000' };

describe('user addresses', () => {
  it('the owner creates, reads, replaces, changes and deletes an address', async () => {
    const token = await tokenFor(t, await createUser(t));
    const created = await t.api('POST', '/useraddresses', { token, body: address });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const id = (created.json() as { id: number }).id;
    expect(created.json()).toMatchObject({ country: 'CN', line2: '', is_default_for_shipping: false });
    expect((await t.api('GET', `/useraddresses/${id}`, { token })).json()).toMatchObject({ last_name: 'Wei' });
    expect((await t.api('PUT', `/useraddresses/${id}`, { token, body: { ...address, line1: '2 Reading Road', country: 'JP' } })).json()).toMatchObject({ line1: '2 Reading Road', country: 'JP' });
    expect((await t.api('PATCH', `/useraddresses/${id}`, { token, body: { notes: 'Ring twice' } })).json()).toMatchObject({ notes: 'Ring twice', line1: '2 Reading Road' });
    expect((await t.api('GET', '/useraddresses', { token })).json()).toHaveLength(1);
    expect((await t.api('DELETE', `/useraddresses/${id}`, { token })).statusCode).toBe(204);
    expect((await t.api('GET', '/useraddresses', { token })).json()).toEqual([]);
  });

  it('keeps one default for shipping and one for billing', async () => {
    const token = await tokenFor(t, await createUser(t));
    const first = (await t.api('POST', '/useraddresses', { token, body: { ...address, is_default_for_shipping: true, is_default_for_billing: true } })).json() as { id: number };
    const second = (await t.api('POST', '/useraddresses', { token, body: { ...address, is_default_for_shipping: true } })).json() as { id: number };
    const list = (await t.api('GET', '/useraddresses', { token })).json() as { id: number; is_default_for_shipping: boolean; is_default_for_billing: boolean }[];
    expect(list.map((a) => [a.id, a.is_default_for_shipping, a.is_default_for_billing])).toEqual([
      [first.id, false, true],
      [second.id, true, false],
    ]);
  });

  it('answers 404 to anyone but the owner, staff included, and 401 to guests', async () => {
    const owner = await tokenFor(t, await createUser(t));
    const stranger = await tokenFor(t, await createUser(t));
    const staff = await tokenFor(t, await createStaff(t));
    const id = ((await t.api('POST', '/useraddresses', { token: owner, body: address })).json() as { id: number }).id;
    for (const token of [stranger, staff]) {
      expect((await t.api('GET', `/useraddresses/${id}`, { token })).statusCode).toBe(404);
      expect((await t.api('PATCH', `/useraddresses/${id}`, { token, body: { notes: 'x' } })).statusCode).toBe(404);
      expect((await t.api('PUT', `/useraddresses/${id}`, { token, body: address })).statusCode).toBe(404);
      expect((await t.api('DELETE', `/useraddresses/${id}`, { token })).statusCode).toBe(404);
      expect((await t.api('GET', '/useraddresses', { token })).json()).toEqual([]);
    }
    expect((await t.api('GET', '/useraddresses')).statusCode).toBe(401);
    expect((await t.api('POST', '/useraddresses', { body: address })).statusCode).toBe(401);
    expect((await t.api('GET', `/useraddresses/${id}`, { token: owner })).json()).toMatchObject({ notes: '' });
  });

  it('refuses bad input, naming the field, and too many addresses', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...address, country: 'ZZ' }, 'country'],
      [{ ...address, country: 'China' }, 'country'],
      [{ ...address, last_name: '' }, 'last_name'],
      [{ ...address, line1: undefined }, 'line1'],
      [{ ...address, phone_number: 'call me' }, 'phone_number'],
      [{ ...address, postcode: 'x'.repeat(65) }, 'postcode'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/useraddresses', { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const now = new Date().toISOString();
    await t.db.kysely
      .insertInto('shop_user_addresses')
      .values(Array.from({ length: MAX_USER_ADDRESSES }, () => ({ user_id: user.id, title: '', first_name: '', last_name: 'X', line1: 'Y', line2: '', line3: '', line4: '', state: '', postcode: '', country: 'CN', phone_number: '', notes: '', is_default_for_shipping: 0 as const, is_default_for_billing: 0 as const, created_at: now, updated_at: now })))
      .execute();
    expect((await t.api('POST', '/useraddresses', { token, body: address })).statusCode).toBe(409);
  });
});
