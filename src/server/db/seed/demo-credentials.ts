import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS } from './demo/authors.js';

/** In DATA_DIR: the demo accounts' passwords, readable by the site's owner only. */
export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

export interface DemoCredential {
  username: string;
  password: string;
  role: 'user' | 'staff';
}

/** 18 random bytes: 24 characters of base64url, far beyond guessing and never all digits in practice. */
const generatePassword = () => randomBytes(18).toString('base64url');

/** A password for each demo account: the one given for its username (tests pass theirs), else a fresh random one. */
export function demoCredentials(given: Readonly<Record<string, string>> = {}): DemoCredential[] {
  return DEMO_ACCOUNTS.map((a) => ({ username: a.username, password: given[a.username] ?? generatePassword(), role: a.role }));
}

/** One account a line, `username password role`, after comment lines starting with `#`. */
export function formatDemoCredentials(accounts: DemoCredential[], loginUrl: string, createdAt: string): string {
  const width = Math.max(...accounts.map((a) => a.username.length));
  const lines = accounts.map((a) => `${a.username.padEnd(width)}  ${a.password}  ${a.role}`);
  return [
    `# Demo accounts of this Lectern site, made with its demo content on ${createdAt}.`,
    `# Sign in at ${loginUrl}. Anyone who can read this file can sign in as these accounts.`,
    '# Each line: username, password, role. Change the passwords on the account page once signed in.',
    ...lines,
    '',
  ].join('\n');
}

export function parseDemoCredentials(text: string): DemoCredential[] {
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [username = '', password = '', role] = line.trim().split(/\s+/);
      return { username, password, role: role === 'staff' ? 'staff' : 'user' };
    });
}

/** Writes the file with mode 0600 (also when it is left from an earlier database) and returns its path. */
export function writeDemoCredentials(dataDir: string, text: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
