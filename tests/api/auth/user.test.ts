import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('rest-auth/user PUT and PATCH', () => {
  it('changes username, display name and description', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const patched = await t.api('PATCH', '/rest-auth/user/', { token, body: { display_name: `Patched ${user.id}` } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ pk: user.id, username: user.username, display_name: `Patched ${user.id}` });
    expect(patched.headers['cache-control']).toContain('no-store');

    const put = await t.api('PUT', '/rest-auth/user/', { token, body: { username: `renamed${user.id}`, display_name: '', description: 'About me' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ username: `renamed${user.id}`, display_name: `renamed${user.id}` });
    const profile = (await t.api('GET', `/user/profile/${user.id}`, { token })).json();
    expect(profile.description).toBe('About me');
  });

  it('refuses a taken username or display name, whatever the case', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const token = await tokenFor(t, user);
    const name = await t.api('PATCH', '/rest-auth/user/', { token, body: { username: other.username.toUpperCase() } });
    expect(name.statusCode).toBe(400);
    expect(name.json().fields.username).toMatch(/already exists/);
    const shown = await t.api('PATCH', '/rest-auth/user/', { token, body: { display_name: other.display_name.toLowerCase() } });
    expect(shown.statusCode).toBe(400);
    expect(shown.json().fields).toHaveProperty('display_name');
    // Keeping one's own name is fine.
    expect((await t.api('PATCH', '/rest-auth/user/', { token, body: { username: user.username } })).statusCode).toBe(200);
  });

  it('names bad input and needs a token', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    expect((await t.api('PATCH', '/rest-auth/user/', { token, body: { username: 'a@b' } })).json().fields).toHaveProperty('username');
    expect((await t.api('PUT', '/rest-auth/user/', { token, body: { username: 'fine_name' } })).json().fields).toHaveProperty('display_name');
    expect((await t.api('PATCH', '/rest-auth/user/', { body: { description: 'x' } })).statusCode).toBe(401);
  });
});
