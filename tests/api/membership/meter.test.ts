import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { meterStatus, mergeGuestReads, spendMeteredRead, type Reader } from '../../../src/server/modules/membership/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ freeReadsGuest: 3, freeReadsUser: 5 });
});
afterEach(() => {
  vi.useRealTimers();
});

let seq = 0;
const fresh = () => (seq += 1);
const user = (): Reader => ({ userId: 100_000 + fresh() });
const guest = (ip: string): Reader => ({ fingerprint: `fp-${process.pid}-${fresh()}`, ip });
const spend = (who: Reader, articleId: number) => spendMeteredRead(t.app.ctx, who, articleId);

describe('the meter for a logged-in user', () => {
  it('counts reads, lets an article be opened again for free, and stops at the limit', async () => {
    const who = user();
    expect(await meterStatus(t.app.ctx, who, 1)).toEqual({ allowed: true, readsLeft: 5, limit: 5, alreadyRead: false });
    expect(await spend(who, 1)).toMatchObject({ allowed: true, spent: true, readsLeft: 4, alreadyRead: true });
    expect(await spend(who, 1)).toMatchObject({ allowed: true, spent: false, readsLeft: 4 });
    for (const id of [2, 3, 4, 5]) expect((await spend(who, id)).spent).toBe(true);
    expect(await meterStatus(t.app.ctx, who, 6)).toEqual({ allowed: false, readsLeft: 0, limit: 5, alreadyRead: false });
    expect(await spend(who, 6)).toMatchObject({ allowed: false, spent: false, readsLeft: 0 });
    expect(await meterStatus(t.app.ctx, who, 3)).toMatchObject({ allowed: true, alreadyRead: true });
    expect(await spend(who, 3)).toMatchObject({ allowed: true, spent: false });
  });

  it('never passes the limit under concurrent reads', async () => {
    const who = user();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => spend(who, 1000 + i)));
    expect(results.filter((r) => r.spent)).toHaveLength(5);
    expect(results.filter((r) => !r.allowed)).toHaveLength(7);
    const same = await Promise.all(Array.from({ length: 4 }, () => spend(user(), 7)));
    expect(same.every((r) => r.spent)).toBe(true);
    const twice = user();
    const racing = await Promise.all([spend(twice, 8), spend(twice, 8), spend(twice, 8)]);
    expect(racing.filter((r) => r.spent)).toHaveLength(1);
    expect((await meterStatus(t.app.ctx, twice, 9)).readsLeft).toBe(4);
  });

  it('starts again in a new calendar month (UTC)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-31T23:59:30.000Z'));
    const who = user();
    for (const id of [1, 2, 3, 4, 5]) await spend(who, id);
    expect((await spend(who, 6)).allowed).toBe(false);
    vi.setSystemTime(new Date('2025-04-01T00:00:05.000Z'));
    expect(await meterStatus(t.app.ctx, who, 1)).toEqual({ allowed: true, readsLeft: 5, limit: 5, alreadyRead: false });
    expect(await spend(who, 1)).toMatchObject({ spent: true, readsLeft: 4 });
  });
});

describe('the meter for a guest', () => {
  it('allows the guest limit per fingerprint', async () => {
    const who = guest('192.0.2.10');
    for (const id of [1, 2, 3]) expect((await spend(who, id)).spent).toBe(true);
    expect(await spend(who, 4)).toMatchObject({ allowed: false, readsLeft: 0, limit: 3 });
    expect((await spend(who, 2)).allowed).toBe(true);
  });

  it('a new fingerprint on the same network gets at most three times the limit in all', async () => {
    const net = '198.51.100';
    let article = 100;
    for (let device = 0; device < 3; device += 1) {
      const who = guest(`${net}.${device + 1}`);
      for (let i = 0; i < 3; i += 1) expect((await spend(who, (article += 1))).spent).toBe(true);
    }
    const fourth = guest(`${net}.200`);
    expect(await meterStatus(t.app.ctx, fourth, 999)).toMatchObject({ allowed: false, readsLeft: 0 });
    expect((await spend(fourth, 999)).allowed).toBe(false);
    // An article the network has opened this month still opens (the fingerprint pays, the network does not).
    expect(await spend(fourth, 101)).toMatchObject({ allowed: true, spent: true });
    // Another network is not affected.
    expect((await spend(guest('203.0.113.5'), 999)).spent).toBe(true);
  });

  it('writes nothing for a refused read, and nothing for an article opened again', async () => {
    const who = guest('100.64.9.77');
    const ledger = async () =>
      (await t.db.kysely.selectFrom('meter_reads').select(['subject', 'article_id']).where('subject', 'in', [`fp:${'fingerprint' in who ? who.fingerprint : ''}`, 'net:100.64.9.0/24']).execute())
        .map((r) => `${r.subject.split(':')[0]}:${r.article_id}`)
        .sort();
    const counts = async () => (await t.db.kysely.selectFrom('meter_counts').select(['subject', 'n']).where('subject', 'in', [`fp:${'fingerprint' in who ? who.fingerprint : ''}`, 'net:100.64.9.0/24']).execute()).map((r) => Number(r.n));
    for (const id of [701, 702, 703]) expect((await spend(who, id)).spent).toBe(true);
    const before = { ledger: await ledger(), counts: await counts() };
    expect(before.ledger).toEqual(['fp:701', 'fp:702', 'fp:703', 'net:701', 'net:702', 'net:703']);
    expect((await spend(who, 704)).allowed).toBe(false);
    expect((await spend(who, 702)).spent).toBe(false);
    // The same device on another network: opening an article again records no read for that network either.
    if (!('fingerprint' in who)) throw new Error('a guest');
    expect((await spend({ fingerprint: who.fingerprint, ip: '100.64.10.5' }, 702)).spent).toBe(false);
    expect(await t.db.kysely.selectFrom('meter_reads').select('article_id').where('subject', '=', 'net:100.64.10.0/24').execute()).toEqual([]);
    expect({ ledger: await ledger(), counts: await counts() }).toEqual(before);
  });

  it('counts IPv6 addresses by their /64', async () => {
    let article = 500;
    for (let device = 0; device < 3; device += 1) {
      const who = guest(`2001:db8:aa:1::${device + 1}`);
      for (let i = 0; i < 3; i += 1) await spend(who, (article += 1));
    }
    expect((await spend(guest('2001:db8:aa:1:ffff::9'), 999)).allowed).toBe(false);
    expect((await spend(guest('2001:db8:aa:2::1'), 999)).allowed).toBe(true);
  });
});

describe('mergeGuestReads', () => {
  it('joins the guest reads of the month to the user, as a union, never a reset', async () => {
    const visitor = guest('100.64.7.77');
    const fingerprint = (visitor as { fingerprint: string }).fingerprint;
    for (const id of [1, 2]) await spend(visitor, id);
    const who = user();
    const userId = (who as { userId: number }).userId;
    for (const id of [2, 3]) await spend(who, id);
    expect(await mergeGuestReads(t.app.ctx, fingerprint, userId)).toBe(1);
    expect(await meterStatus(t.app.ctx, who, 1)).toMatchObject({ alreadyRead: true, readsLeft: 2 });
    expect(await mergeGuestReads(t.app.ctx, fingerprint, userId)).toBe(0);
    expect(await mergeGuestReads(t.app.ctx, `fp-unknown-${fresh()}`, userId)).toBe(0);
    expect((await meterStatus(t.app.ctx, who, 9)).readsLeft).toBe(2);
  });
});
