import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { startRoutingNginx } from '../../drill/services.js';

/**
 * Migrates a template database once; each test file then copies it (a file copy for SQLite,
 * CREATE DATABASE ... TEMPLATE for PostgreSQL). `TEST_DATABASE_URL=postgres://...` selects PostgreSQL.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const stopProxy = await proxy(provide);
  const teardown = await templates(provide);
  return async () => {
    await teardown();
    await stopProxy();
  };
}

/** `API_THROUGH_NGINX=1` (the drill): every file's calls go through nginx (tests/api/helpers/through-proxy.ts). */
async function proxy(provide: (key: string, value: string) => void): Promise<() => Promise<void>> {
  if (process.env.API_THROUGH_NGINX !== '1') return async () => undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-proxy-'));
  const nginx = await startRoutingNginx(dir);
  provide('proxyUrl', `http://127.0.0.1:${nginx.port}`);
  return async () => {
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function templates(provide: (key: string, value: string) => void): Promise<() => Promise<void> | void> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    const template = `lectern_tpl_${process.pid}`;
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const url = new URL(pgUrl);
    url.pathname = `/${template}`;
    const db = createDb(url.toString());
    await migrateToLatest(db.kysely, db.engine);
    await db.destroy();
    provide('templateDb', template);
    return async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like 'lectern_t%'`);
      for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`);
      await c.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-test-'));
  const file = path.join(dir, 'template.db');
  const db = createDb(`sqlite:${file}`);
  await migrateToLatest(db.kysely, db.engine);
  await db.destroy();
  provide('templateDb', file);
  provide('testDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    testDir: string;
    proxyUrl?: string;
  }
}
