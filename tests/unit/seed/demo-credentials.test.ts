import { describe, expect, it } from 'vitest';
import { demoCredentials, formatDemoCredentials, parseDemoCredentials } from '../../../src/server/db/seed/demo-credentials.js';

describe('demo credentials', () => {
  it('are random, long and different for each account and each seed', () => {
    const first = demoCredentials();
    const second = demoCredentials();
    expect(first.map((a) => [a.username, a.role])).toEqual([
      ['editor', 'staff'],
      ['reader', 'user'],
      ['member', 'user'],
    ]);
    const all = [...first, ...second].map((a) => a.password);
    expect(new Set(all).size).toBe(6);
    for (const password of all) expect(password).toMatch(/^[\w-]{24}$/);
  });

  it('take a password given for a username', () => {
    const accounts = demoCredentials({ reader: 'chosen-reader-password' });
    expect(accounts.find((a) => a.username === 'reader')?.password).toBe('chosen-reader-password');
    expect(accounts.find((a) => a.username === 'editor')?.password).toMatch(/^[\w-]{24}$/);
  });

  it('are written one account a line and read back', () => {
    const accounts = demoCredentials();
    const text = formatDemoCredentials(accounts, 'http://localhost:8000/login', '2025-01-02T03:04:05.000Z');
    expect(text).toContain('Sign in at http://localhost:8000/login.');
    expect(text.split('\n').filter((l) => l && !l.startsWith('#'))).toHaveLength(3);
    expect(parseDemoCredentials(text)).toEqual(accounts);
  });
});
