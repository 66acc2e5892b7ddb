import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../../src/server/app.js';
import { loadConfig, type Config } from '../../../src/server/config.js';
import { createDb, type Db } from '../../../src/server/db/connection.js';
import { localBus } from '../../../src/server/platform/cluster/bus.js';
import { throughProxy } from './through-proxy.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Calls the API under /api/v2 (path without the prefix). */
  api(method: InjectOptions['method'], path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string>; query?: Record<string, string> }): Promise<LightMyRequestResponse>;
}

const openApps = new Set<() => Promise<void>>();

/** Closes every app (and its database connections) that the test file opened. */
export async function closeTestApps(): Promise<void> {
  const closers = [...openApps];
  openApps.clear();
  await Promise.all(closers.map((close) => close()));
}

/** A fresh database (copied from the migrated template) and an app on it, closed after the file's tests. */
export async function createTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const template = inject('templateDb');
  const pgUrl = process.env.TEST_DATABASE_URL;
  const suffix = randomBytes(6).toString('hex');
  let databaseUrl: string;
  let dataDir: string;
  if (pgUrl) {
    const name = `lectern_t_${suffix}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dataDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-data-${suffix}`);
  } else {
    const dir = path.join(inject('testDir'), suffix);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'lectern.db');
    copyFileSync(template, file);
    databaseUrl = `sqlite:${file}`;
    dataDir = dir;
  }
  mkdirSync(dataDir, { recursive: true });
  // A shared database needs its secrets from the environment (the embedded one generates them).
  const secrets = pgUrl
    ? { SECRET_KEY: randomBytes(48).toString('base64url'), ALTCHA_HMAC_KEY: randomBytes(32).toString('base64url'), ADMIN_PREVIEW_SECRET: randomBytes(18).toString('base64url'), DEV_MAILBOX_SECRET: randomBytes(24).toString('base64url') }
    : {};
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://lectern.test', ...secrets },
    // Small captcha challenges and cheap password hashes keep tests to milliseconds.
    { demoMode: false, loginRateLimit: 1000, altchaMaxNumber: 1000, passwordHashCost: 10, ...(inject('proxyUrl') ? { trustProxy: true } : {}), ...overrides },
  );
  const db = createDb(databaseUrl);
  // One process per test file: notices stay in it (no listening connection per app); the many-processes tests
  // pass `bus: undefined` to get the configured transport.
  const built = await buildApp(config, { db, migrate: false, ssr: false, bus: localBus(), ...options });
  await built.ready();
  const proxyUrl = inject('proxyUrl');
  const app = proxyUrl ? await throughProxy(built, proxyUrl) : built;
  // Closed after the file's tests by tests/setup/close-test-apps.ts: an afterAll registered here would be lost,
  // since apps are made in beforeAll, where vitest takes no new hooks.
  let closed = false;
  openApps.add(async () => {
    if (closed) return;
    closed = true;
    await app.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
  });
  return {
    app,
    db,
    config,
    api(method, apiPath, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      return app.inject({
        method,
        url: `/api/v2${apiPath}`,
        headers,
        query: opts.query,
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
    },
  };
}

/** The environment of a child process on the same site as `config`: its database, data folder and secrets. */
export function siteEnvironment(config: Config): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: config.databaseUrl,
    DATA_DIR: config.dataDir,
    PUBLIC_URL: config.publicUrl,
    SECRET_KEY: config.secretKey,
    ALTCHA_HMAC_KEY: config.altchaHmacKey,
    ADMIN_PREVIEW_SECRET: config.adminPreviewSecret,
    DEV_MAILBOX_SECRET: config.devMailboxSecret,
  };
}
