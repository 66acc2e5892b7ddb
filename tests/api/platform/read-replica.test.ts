import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
import { render } from '../../../src/web/entry-server.js';
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

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, ms = 45_000): Promise<T> {
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
  let slug: string;
  let token: string;

  const titleVia = async (kysely: Kysely<Database>) => (await kysely.selectFrom('announcements').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title;
  const get = async (headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: `/api/v2/ad/announcement/${id}`, headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string }).title;
  };
  const setTitle = async (title: string) => {
    await t.db.kysely.updateTable('announcements').set({ title }).where('id', '=', id).execute();
    await t.db.kysely.updateTable('pages').set({ title: `Page ${title}` }).where('slug', 'in', [slug, `${slug}-w`]).execute();
  };
  const page = (headers: Record<string, string> = {}, which = slug) => app.inject({ method: 'GET', url: `/page/${which}`, headers });
  /** The same row in the copy standing for a replica. */
  const copyRow = (table: string, row: Record<string, unknown>) =>
    replicaAdmin.query(`insert into ${table} (${Object.keys(row).join(', ')}) values (${Object.keys(row).map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));

  beforeAll(async () => {
    t = await createTestApp();
    const name = new URL(t.config.databaseUrl).pathname.slice(1);
    const announcement = await createAnnouncement(t, { title: 'Before' });
    id = announcement.id;
    slug = `replica-${name}`;
    const now = new Date().toISOString();
    const sitePages = await t.db.kysely
      .insertInto('pages')
      .values([slug, `${slug}-w`].map((each) => ({ title: 'Page Before', slug: each, body_markdown: 'A site page.', translations: '{}', show_in_footer: 0, sort_order: 0, live: 1, first_published_at: now, last_published_at: now, created_at: now, updated_at: now })))
      .returningAll()
      .execute();
    token = await tokenFor(t, await createUser(t));
    const readUrl = new URL(streamingUrl ?? pgUrl!);
    if (streamingUrl) {
      readUrl.pathname = `/${name}`;
      replicaAdmin = await eventually('the database on the replica', async () => {
        const client = new pg.Client({ connectionString: readUrl.toString() });
        await client.connect();
        return client;
      });
      await eventually('the pages on the replica', async () => ((await replicaAdmin.query('select 1 from pages where slug like $1', [`${slug}%`])).rowCount === 2 ? true : undefined));
    } else {
      // A copy of the suite's template with the same announcement: the state the primary had before the change.
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}_replica template ${inject('templateDb')}`);
      await admin.end();
      readUrl.pathname = `/${name}_replica`;
      replicaAdmin = new pg.Client({ connectionString: readUrl.toString() });
      await replicaAdmin.connect();
      await copyRow('announcements', announcement);
      for (const row of sitePages) await copyRow('pages', row);
    }
    // Pages rendered by the real server entry into the real template, kept by the page cache as in production.
    const distDir = path.join(t.config.dataDir, 'dist');
    mkdirSync(path.join(distDir, 'client'), { recursive: true });
    writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
    const config = { ...t.config, distDir, databaseReadUrl: readUrl.toString() };
    db = createDb(config.databaseUrl, { readUrl: config.databaseReadUrl });
    app = await buildApp(config, { db, migrate: false, jobs: false, bus: localBus(), ssr: { mode: 'production', loadRender: async () => render } });
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

  it("a guest's page is rendered from the replica; right after a change notice, from the primary, and that is kept", async () => {
    const first = await page();
    expect(first.headers['x-ssr-cache']).toBe('miss');
    expect(first.body).toContain('Page Before');
    expect((await page()).headers['x-ssr-cache']).toBe('hit');
    // A client that has just written: the page and its in-process reads come from the primary.
    const writer = await page({ cookie: `${FRESH_READS_COOKIE}=1` }, `${slug}-w`);
    expect(writer.headers['x-ssr-cache']).toBe('miss');
    expect(writer.body).toContain('Page After');
    // The change reaches this process: the cache is dropped and the page rendered again, from the primary
    // (the replica still holds the old title), so the page kept is the new one.
    app.ctx.events.changed(`page:${slug} updated`);
    const again = await page();
    expect(again.headers['x-ssr-cache']).toBe('miss');
    expect(again.body).toContain('Page After');
    await sleep(CHANGE_GRACE_MS + 100);
    const kept = await page();
    expect(kept.headers['x-ssr-cache']).toBe('hit');
    expect(kept.body).toContain('Page After');
    expect(kept.body).not.toContain('Page Before');
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

  it('a replica that cannot be reached fails no read: the primary answers, and public reads stay there a while', async () => {
    const down = createDb(t.config.databaseUrl, { readUrl: 'postgres://postgres@127.0.0.1:1/lectern' });
    const unavailable: unknown[] = [];
    down.replica!.onUnavailable = (err) => unavailable.push(err);
    try {
      await runReadScope(true, async () => {
        expect(down.replica!.readsReplica).toBe(true);
        expect(await titleVia(down.kysely)).toBe('After');
        expect(unavailable).toHaveLength(1);
        expect(down.replica!.readsReplica).toBe(false);
      });
    } finally {
      await down.destroy();
    }
  });

  it.runIf(streamingUrl)('once the replica replays the change, guests read it there', async () => {
    await replicaAdmin.query('select pg_wal_replay_resume()');
    expect(await eventually('the change on the replica', async () => ((await get()) === 'After' ? true : undefined))).toBe(true);
  });
});
