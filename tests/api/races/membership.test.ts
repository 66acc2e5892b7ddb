import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { apiFrom, freshIp } from '../messaging/outbox.js';
import { RACERS, expectOneWinner, race, statuses } from './race.js';

/**
 * Membership writes sent at once. A staff grant with one reference, ending a subscription and redeeming a gift
 * code happen once: one success, the others the 409 a later request gets, with its message. Ten grants with
 * their own references are ten grants, chained one after another. The same on SQLite and PostgreSQL.
 */

const DAY = 24 * 3600 * 1000;
let t: TestApp;
let staffToken: string;
let productId: number;

interface GrantOut {
  granted: boolean;
  subscription: { id: number; starts_at: string; ends_at: string; active: boolean; grants: { reference: string }[] };
}

beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
  productId = (await createMembershipProduct(t, { period_unit: 'day', period_count: 30 })).id;
});

const grant = (userId: number, reference?: string) => t.api('POST', '/subscription/grant', { token: staffToken, body: { user_id: userId, product_id: productId, reference } });

const grantRows = (subscriptionId: number) => t.db.kysely.selectFrom('membership_grants').select(['source_key', 'starts_at', 'ends_at']).where('subscription_id', '=', subscriptionId).orderBy('starts_at').execute();

describe('ten at once', () => {
  it('grant with one reference: one 200 granting one period, nine 409', async () => {
    const user = await createUser(t);
    const winner = expectOneWinner(await race(() => grant(user.id, `race-${user.id}`)), 200, 409, /^This reference has been granted already\.$/);
    const { granted, subscription: sub } = winner.json<GrantOut>();
    expect(granted).toBe(true);
    expect(await grantRows(sub.id)).toHaveLength(1);
    expect(Date.parse(sub.ends_at) - Date.parse(sub.starts_at)).toBe(30 * DAY);
    // A later repeat answers as the losers did.
    expect((await grant(user.id, `race-${user.id}`)).statusCode).toBe(409);
  });

  it('grants with their own references: ten periods, one after another, without overlap', async () => {
    const user = await createUser(t);
    const answers = await race(() => grant(user.id));
    expect(statuses(answers)).toEqual(Array<number>(RACERS).fill(200));
    expect(answers.every((a) => a.json<GrantOut>().granted)).toBe(true);
    const subId = answers[0].json<GrantOut>().subscription.id;
    const rows = await grantRows(subId);
    expect(rows).toHaveLength(RACERS);
    for (let i = 1; i < rows.length; i += 1) expect(rows[i].starts_at).toBe(rows[i - 1].ends_at);
    const sub = await t.db.kysely.selectFrom('subscriptions').select(['starts_at', 'ends_at']).where('id', '=', subId).executeTakeFirstOrThrow();
    expect(Date.parse(sub.ends_at) - Date.parse(sub.starts_at)).toBe(RACERS * 30 * DAY);
  });

  it('end a membership: one 200, nine 409', async () => {
    const user = await createUser(t);
    const sub = (await grant(user.id)).json<GrantOut>().subscription;
    const winner = expectOneWinner(await race(() => t.api('POST', `/subscription/${sub.id}/end`, { token: staffToken })), 200, 409, /This subscription is not active/);
    expect(winner.json<{ active: boolean }>().active).toBe(false);
  });

  it('redeem one gift code from ten accounts: one 200, nine 409; one grant', async () => {
    const [code] = (await t.api('POST', '/membership_gift_code', { token: staffToken, body: { product_id: productId, count: 1, expires_at: new Date(Date.now() + 30 * DAY).toISOString() } })).json<{ id: number; code: string }[]>();
    const tokens = await Promise.all(Array.from({ length: RACERS }, async () => tokenFor(t, await createUser(t))));
    const answers = await Promise.all(tokens.map((token) => apiFrom(t, freshIp(), 'POST', '/membership/redeem', { token, body: { code: code.code } })));
    const winner = expectOneWinner(answers, 200, 409, /^This code has been used\.$/);
    expect(winner.json<{ subscription: { active: boolean } }>().subscription.active).toBe(true);
    for (const loser of answers.filter((a) => a.statusCode === 409)) expect(loser.json<{ fields: Record<string, string> }>().fields).toHaveProperty('code');
    const grants = await t.db.kysely.selectFrom('membership_grants').select('id').where('source_key', '=', `gift:${code.id}`).execute();
    expect(grants).toHaveLength(1);
  });
});
