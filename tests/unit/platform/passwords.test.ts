import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from '../../../src/server/platform/passwords.js';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'lectern-passwords-'));

describe('password hashes', () => {
  it('are scrypt at N = 2^15 unless configured, and verify whatever cost they were made with', async () => {
    const strong = await hashPassword('correct horse');
    expect(strong.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** DEFAULT_PASSWORD_COST), '8', '1']);
    const cheap = await hashPassword('correct horse', 10);
    expect(cheap.split('$')[1]).toBe('1024');
    expect(await verifyPassword('correct horse', strong)).toBe(true);
    expect(await verifyPassword('correct horse', cheap)).toBe(true);
    expect(await verifyPassword('correct horsf', cheap)).toBe(false);
  });

  it('may be made cheaper only outside production (PASSWORD_HASH_COST)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).passwordHashCost).toBe(15);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toThrow(/PASSWORD_HASH_COST below 15/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', PASSWORD_HASH_COST: '17' }).passwordHashCost).toBe(17);
  });
});
