import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import type { Config } from '../../../src/server/config.js';
import { createDb, type Db } from '../../../src/server/db/connection.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, tokenFor } from '../helpers/factories.js';

/**
 * Two apps on one database stand for two processes of a site (two workers, two machines): each has its own
 * connections, caches and timers, and shares only what the site shares (the database, Redis when configured).
 */
let t: TestApp;
let peer: FastifyInstance;
let peerDb: Db;

async function startPeer(config: Config): Promise<void> {
  peerDb = createDb(config.databaseUrl);
  peer = await buildApp(config, { db: peerDb, migrate: false, ssr: false });
  await peer.ready();
}

const redisUrl = process.env.TEST_REDIS_URL;

beforeAll(async () => {
  t = await createTestApp(redisUrl ? { redisUrl } : {}, { bus: undefined });
  await startPeer(t.config);
});

afterAll(async () => {
  await peer.close();
  await peerDb.destroy();
});

/** Resolves with how long `listen` took to hear of something, or rejects after `ms`. */
const heardWithin = (ms: number, listen: (heard: () => void) => void) =>
  new Promise<number>((resolve, reject) => {
    const started = Date.now();
    const timer = setTimeout(() => reject(new Error(`nothing heard within ${ms} ms`)), ms);
    listen(() => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });

describe('jobs run once across processes', () => {
  it('of ten claims from each process for one due run, exactly one wins', async () => {
    const name = `test.once-${Date.now()}`;
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? t.app.ctx : peer.ctx).jobs.claim(name, 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const row = await t.db.kysely.selectFrom('job_schedule').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expect(row.runs).toBe(1);
    // Not due again before its interval: nobody wins.
    expect(await peer.ctx.jobs.claim(name, 60_000)).toBe(false);
    expect(await t.app.ctx.jobs.claim(name, 60_000)).toBe(false);
  });

  it('the next run goes to one process once the interval has passed', async () => {
    const name = `test.next-${Date.now()}`;
    const start = new Date();
    expect(await t.app.ctx.jobs.claim(name, 1000, start)).toBe(true);
    const later = new Date(start.getTime() + 1000);
    const claims = await Promise.all([t.app.ctx.jobs.claim(name, 1000, later), peer.ctx.jobs.claim(name, 1000, later), t.app.ctx.jobs.claim(name, 1000, later)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const row = await t.db.kysely.selectFrom('job_schedule').select('runs').where('name', '=', name).executeTakeFirstOrThrow();
    expect(row.runs).toBe(2);
  });
});

describe('route rate limits count once across processes', () => {
  it('five solve_challenge calls a minute from one address, whichever process answers', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const body = { challenge: 'a'.repeat(64), salt: 'abcdefghijk?expires=1&', algorithm: 'SHA-256' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const app = i % 2 ? peer : t.app;
      const res = await app.inject({ method: 'POST', url: '/api/v2/captcha/solve_challenge', headers, payload: body });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe.runIf(Boolean(redisUrl) || process.env.TEST_DATABASE_URL)('notices reach the other process within a second', () => {
  it('uses the shared transport', () => {
    expect(t.app.ctx.events.transport).toBe(redisUrl ? 'redis' : 'postgres');
    expect(peer.ctx.events.transport).toBe(t.app.ctx.events.transport);
  });

  it('a content change in one process reaches the other\'s caches', async () => {
    const before = peer.ctx.events.current;
    const heard = heardWithin(1000, (done) => peer.ctx.events.onChanged((reason) => reason === 'test:edit' && done()));
    t.app.ctx.events.changed('test:edit');
    await heard;
    expect(peer.ctx.events.current).toBeGreaterThan(before);
  });

  it('a logout in one process ends the session in the other within a second', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const me = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/v2/rest-auth/user/', headers: { authorization: `Bearer ${token}` } });
    // The other process has the session cached as live.
    expect((await me(peer)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v2/rest-auth/logout/', headers: { authorization: `Bearer ${token}` }, payload: {} });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await me(t.app)).statusCode).toBe(401);
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 1000) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await me(peer)).statusCode;
    }
    expect(status).toBe(401);
  });
});
