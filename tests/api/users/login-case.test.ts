import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../captcha/solve.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories.js';
import { apiFrom, freshIp } from '../messaging/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let seq = 0;
const login = (username: string, password = DEFAULT_PASSWORD) => t.api('POST', '/rest-auth/login/', { body: { username, password } });
const pkOf = async (username: string, password?: string) => {
  const res = await login(username, password);
  expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
  return res.json<{ user: { pk: number } }>().user.pk;
};

describe('login by username, whatever its case', () => {
  it('logs in as qa1 typed QA1 (usernames are unique whatever their case, so registering QA1 is refused)', async () => {
    const user = await createUser(t, { username: `qa${process.pid}x${(seq += 1)}` });
    expect(await pkOf(user.username.toUpperCase())).toBe(user.id);
    expect(await pkOf(user.username)).toBe(user.id);
    const wrong = await login(user.username.toUpperCase(), 'not the password');
    expect(wrong.statusCode).toBe(401);
    const taken = await apiFrom(t, freshIp(), 'POST', '/rest-auth/registration/', {
      body: { altcha: await solvedCaptcha(t), username: user.username.toUpperCase(), email: `other${user.id}@example.com`, password1: 'a good long secret', password2: 'a good long secret' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ fields: Record<string, string> }>().fields.username).toMatch(/already exists/);
  });

  it('logs in as a mixed-case name typed in lower case, and a name in another script as it is written', async () => {
    const mixed = await createUser(t, { username: `Reader${process.pid}X${(seq += 1)}` });
    expect(await pkOf(mixed.username.toLowerCase())).toBe(mixed.id);
    const han = await createUser(t, { username: `读者${process.pid}x${(seq += 1)}` });
    expect(await pkOf(han.username)).toBe(han.id);
    const accented = await createUser(t, { username: `Élan${process.pid}x${(seq += 1)}` });
    expect(await pkOf(accented.username)).toBe(accented.id);
  });

  it('finds the name on the index of lower(username)', async () => {
    const db = t.db.kysely;
    const query = sql`select id from users where lower(username) = lower(cast(${'QA1'} as text)) or email = ${'qa1'}`;
    if (t.db.engine === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toContain('users_username_lower');
      return;
    }
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('users_username_lower');
  });
});
