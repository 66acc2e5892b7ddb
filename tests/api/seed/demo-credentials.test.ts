import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { DEMO_CREDENTIALS_FILE, parseDemoCredentials, seedIfEmpty } from '../../../src/server/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'lectern-demo-'));
const login = (t: TestApp, username: string, password: string) => t.api('POST', '/rest-auth/login/', { body: { username, password } });
const count = async (t: TestApp, table: 'users' | 'articles' | 'banners') =>
  Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('demo accounts of a deployed site', () => {
  it('get random passwords, written to DATA_DIR/demo-credentials.txt (0600); the old published ones fail', async () => {
    const t = await createTestApp();
    const dataDir = freshDir();
    const seeded = await seedIfEmpty({ ...t.config, env: 'production', demoMode: true, dataDir }, t.db);
    expect(seeded).not.toBeNull();
    const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
    expect(seeded!.file).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = parseDemoCredentials(readFileSync(file, 'utf8'));
    expect(written).toEqual(seeded!.accounts);
    expect(written.map((a) => a.username)).toEqual(['editor', 'reader', 'member']);

    for (const { username, password, role } of written) {
      expect(password).toMatch(/^[\w-]{24}$/);
      const res = await login(t, username, password);
      expect(res.statusCode, username).toBe(200);
      expect(res.json().user).toMatchObject({ username, role });
    }
    // The passwords the README used to print open nothing.
    expect((await login(t, 'editor', 'lectern-editor')).statusCode).toBe(401);
    expect((await login(t, 'reader', 'lectern-reader')).statusCode).toBe(401);
  });

  it('are not made again, nor their file rewritten, once the site has users', async () => {
    const t = await createTestApp();
    const dataDir = freshDir();
    const config = { ...t.config, demoMode: true, dataDir };
    const first = await seedIfEmpty(config, t.db);
    const text = readFileSync(first!.file, 'utf8');
    expect(await seedIfEmpty(config, t.db)).toBeNull();
    expect(readFileSync(first!.file, 'utf8')).toBe(text);
  });

  it('do not exist with DEMO_MODE=0: an empty site, no accounts, no credentials file', async () => {
    const t = await createTestApp();
    const dataDir = freshDir();
    const demoOff = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DEMO_MODE: '0' });
    expect(demoOff.demoMode).toBe(false);
    expect(await seedIfEmpty({ ...t.config, demoMode: demoOff.demoMode, dataDir }, t.db)).toBeNull();
    expect(await count(t, 'users')).toBe(0);
    expect(await count(t, 'articles')).toBe(0);
    expect(await count(t, 'banners')).toBe(0);
    expect(existsSync(path.join(dataDir, DEMO_CREDENTIALS_FILE))).toBe(false);
  });
});
