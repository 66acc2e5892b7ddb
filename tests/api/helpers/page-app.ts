import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../../src/server/config.js';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from './app.js';

/** A production-mode app whose pages are rendered by the real server entry into the real template. */
export async function createPageApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-pages-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(distDir, 'client'), { recursive: true });
  writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
  return createTestApp({ distDir, ...overrides }, { ssr: { mode: 'production', loadRender: async () => render } });
}
