import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { createDb, type Db } from '../../../src/server/db/connection.js';
import { CHANGE_GRACE_MS, runReadScope } from '../../../src/server/db/read-replica.js';
import type { Database } from '../../../src/server/db/types.js';
import { localBus } from '../../../src/server/platform/cluster/bus.js';
import { FRESH_READS_COOKIE } from '../../../src/server/platform/read-routing.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createAnnouncement, createUser, tokenFor } from '../helpers/factories.js';

/**
 * `DATABASE_READ_URL`. On PostgreSQL with `TEST_DATABASE_READ_URL` (`WITH_REPLICA=1 bash .ci/with-postgres.sh`) the
 * replica is a real streaming replica, whose replay is paused so it holds the old state; on PostgreSQL without one,
 * a copy of the database made before the change stands for a replica that has not replayed it (the routing is the
 * same; resuming replay is then not shown).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const streamingUrl = process.env.TEST_DATABASE_READ_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('DATABASE_READ_URL on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lectern-replica-'));

  it('is refused at start with an error naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_READ_URL: 'postgres://replica.example/lectern' })).toThrow(/DATABASE_READ_URL.*needs DATABASE_URL to be PostgreSQL/);
    expect(() => createDb(`sqlite:${path.join(dataDir, 'x.db')}`, { readUrl: 'postgres://replica.example/lectern' })).toThrow(/DATABASE_READ_URL/);
  });

  it('must itself be a PostgreSQL address', () => {
    const secrets = { SECRET_KEY: 'k'.repeat(48), ALTCHA_HMAC_KEY: 'a'.repeat(32), ADMIN_PREVIEW_SECRET: 'p'.repeat(18) };
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: 'postgres://primary.example/lectern', ...secrets };
    expect(() => loadConfig({ ...env, DATABASE_READ_URL: 'sqlite:replica.db' })).toThrow(/DATABASE_READ_URL: must be a postgres/);
    expect(loadConfig({ ...env, DATABASE_READ_URL: 'postgres://replica.example/lectern' }).databaseReadUrl).toBe('postgres://replica.example/lectern');
    expect(loadConfig({ ...env, DATABASE_READ_URL: ' ' }).databaseReadUrl).toBeNull();
  });
});

describe.runIf(pgUrl)(`public reads from ${streamingUrl ? 'a streaming replica' : 'a copy standing for a replica'}`, () => {
  let t: TestApp;
  let db: Db;
  let app: FastifyInstance;
  let replicaAdmin: pg.Client;
  let id: number;
  let token: string;

  const titleVia = async (kysely: Kysely<Database>) => (await kysely.selectFrom('announcements').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title;
  const get = async (headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: `/api/v2/ad/announcement/${id}`, headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string }).title;
  };
  const setTitle = (title: string) => t.db.kysely.updateTable('announcements').set({ title }).where('id', '=', id).execute();

  beforeAll(async () => {
    t = await createTestApp();
    const name = new URL(t.config.databaseUrl).pathname.slice(1);
    const announcement = await createAnnouncement(t, { title: 'Before' });
    id = announcement.id;
    token = await tokenFor(t, await createUser(t));
    const readUrl = new URL(streamingUrl ?? pgUrl!);
    if (streamingUrl) {
      readUrl.pathname = `/${name}`;
      replicaAdmin = await eventually('the database on the replica', async () => {
        const client = new pg.Client({ connectionString: readUrl.toString() });
        await client.connect();
        return client;
      });
      await eventually('the announcement on the replica', async () => ((await replicaAdmin.query('select 1 from announcements where id = $1', [id])).rowCount ? true : undefined));
    } else {
      // A copy of the suite's template with the same announcement: the state the primary had before the change.
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}_replica template ${inject('templateDb')}`);
      await admin.end();
      readUrl.pathname = `/${name}_replica`;
      replicaAdmin = new pg.Client({ connectionString: readUrl.toString() });
      await replicaAdmin.connect();
      const { id: _id, ...row } = announcement;
      await replicaAdmin.query(
        `insert into announcements (id, ${Object.keys(row).join(', ')}) values (${[id, ...Object.values(row)].map((_, i) => `$${i + 1}`).join(', ')})`,
        [id, ...Object.values(row)],
      );
    }
    const config = { ...t.config, databaseReadUrl: readUrl.toString() };
    db = createDb(config.databaseUrl, { readUrl: config.databaseReadUrl });
    app = await buildApp(config, { db, migrate: false, ssr: false, jobs: false, bus: localBus() });
    await app.ready();
    expect(await get()).toBe('Before');
    if (streamingUrl) {
      await replicaAdmin.query('select pg_wal_replay_pause()');
      await eventually('replay paused', async () => ((await replicaAdmin.query('select pg_get_wal_replay_pause_state() as s')).rows[0].s === 'paused' ? true : undefined));
    }
    // Another process changes it on the primary (no notice reaches this one).
    await setTitle('After');
  });

  afterAll(async () => {
    if (streamingUrl) await replicaAdmin?.query('select pg_wal_replay_resume()');
    await replicaAdmin?.end();
    await app?.close();
    await db?.destroy();
  });

  it('a guest GET reads the replica; a signed-in caller reads the primary', async () => {
    expect(await get()).toBe('Before');
    expect(await get({ authorization: `Bearer ${token}` })).toBe('After');
    expect(await get({ cookie: 'lang=zh-CN' })).toBe('Before');
  });

  it('a client whose write was answered reads the primary while its fresh-reads cookie lasts', async () => {
    const write = await app.inject({ method: 'POST', url: '/api/v2/ad/announcement', payload: {} });
    expect(write.statusCode).toBeGreaterThanOrEqual(400);
    const cookie = write.cookies.find((c) => c.name === FRESH_READS_COOKIE);
    expect(cookie).toMatchObject({ value: '1', maxAge: 5, httpOnly: true, path: '/' });
    expect(await get({ cookie: `${FRESH_READS_COOKIE}=1` })).toBe('After');
    expect(await get()).toBe('Before');
    // A read sets no such cookie.
    expect((await app.inject({ method: 'GET', url: `/api/v2/ad/announcement/${id}` })).cookies).toEqual([]);
  });

  it("a request made inside one that is not a public read (a page's in-process API call) reads the primary", async () => {
    expect(await runReadScope(false, () => get())).toBe('After');
    expect(await runReadScope(true, () => get())).toBe('Before');
  });

  it('in a public read, transactions and writes go to the primary, and reads after a write too', async () => {
    await runReadScope(true, async () => {
      expect(await titleVia(db.kysely)).toBe('Before');
      expect(await db.kysely.transaction().execute((trx) => titleVia(trx))).toBe('After');
      // A hot standby refuses writes: this one reaches the primary.
      await db.kysely.updateTable('announcements').set({ content: 'written in a public read' }).where('id', '=', id).execute();
      expect(await titleVia(db.kysely)).toBe('After');
    });
    expect((await t.db.kysely.selectFrom('announcements').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content).toBe('written in a public read');
  });

  it('jobs and other code outside a request read the primary, even through the replica’s instance kept from a request', async () => {
    expect(await titleVia(db.kysely)).toBe('After');
    const kept = runReadScope(true, () => db.kysely);
    expect(await titleVia(kept)).toBe('After');
  });

  it('after a change notice guests read the primary for the grace period, then the replica again', async () => {
    app.ctx.events.changed(`announcement:${id} updated`);
    expect(await get()).toBe('After');
    await sleep(CHANGE_GRACE_MS + 100);
    expect(await get()).toBe('Before');
  });

  it.runIf(streamingUrl)('once the replica replays the change, guests read it there', async () => {
    await replicaAdmin.query('select pg_wal_replay_resume()');
    expect(await eventually('the change on the replica', async () => ((await get()) === 'After' ? true : undefined))).toBe(true);
  });
});
