import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), 'lectern-config-'));
const PG = 'postgres://lectern@db.internal/lectern';
const SECRETS = {
  SECRET_KEY: 'k'.repeat(48),
  ALTCHA_HMAC_KEY: 'a'.repeat(32),
  ADMIN_PREVIEW_SECRET: 'p'.repeat(24),
  DEV_MAILBOX_SECRET: 'm'.repeat(32),
};

describe('secrets on a shared database', () => {
  it('refuses to start without them, naming every missing variable', () => {
    const dir = freshDir();
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: PG })).toThrow(/SECRET_KEY, ALTCHA_HMAC_KEY, ADMIN_PREVIEW_SECRET in the environment/);
    // Nothing is generated into one machine's folder for a database that others share.
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false);
  });

  it('needs the mailbox secret too in demo mode, and names only what is missing', () => {
    const dir = freshDir();
    const { SECRET_KEY, DEV_MAILBOX_SECRET: _unset, ...rest } = SECRETS;
    let message = '';
    try {
      loadConfig({ DATA_DIR: dir, DATABASE_URL: PG, DEMO_MODE: '1', ...rest });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('SECRET_KEY');
    expect(message).toContain('DEV_MAILBOX_SECRET');
    expect(message).not.toContain('ALTCHA_HMAC_KEY');
    expect(message).not.toContain('ADMIN_PREVIEW_SECRET');
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: PG, ...rest, SECRET_KEY })).not.toThrow();
  });

  it('starts with them all set, taking each from the environment', () => {
    const dir = freshDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: PG, DEMO_MODE: '1', ...SECRETS });
    expect(config).toMatchObject({
      secretKey: SECRETS.SECRET_KEY,
      altchaHmacKey: SECRETS.ALTCHA_HMAC_KEY,
      adminPreviewSecret: SECRETS.ADMIN_PREVIEW_SECRET,
      devMailboxSecret: SECRETS.DEV_MAILBOX_SECRET,
      demoMode: true,
    });
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false);
  });
});

describe('secrets of the embedded site', () => {
  it('are generated once into DATA_DIR/secrets.json, the mailbox secret with them', () => {
    const dir = freshDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.devMailboxSecret).toMatch(/^[\w-]{32}$/);
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.devMailboxSecret).toBe(first.devMailboxSecret);
    expect(again.secretKey).toBe(first.secretKey);
  });

  it('add the mailbox secret to a file from an older version, keeping the others', () => {
    const dir = freshDir();
    const file = path.join(dir, 'secrets.json');
    const old = { secretKey: 's'.repeat(64), adminPreviewSecret: 'p'.repeat(24), altchaHmacKey: 'h'.repeat(43) };
    writeFileSync(file, JSON.stringify(old));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ secretKey: old.secretKey, adminPreviewSecret: old.adminPreviewSecret, altchaHmacKey: old.altchaHmacKey });
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored).toMatchObject(old);
    expect(stored.devMailboxSecret).toBe(config.devMailboxSecret);
  });
});
