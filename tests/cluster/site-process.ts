import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/**
 * A production server started the way `npm start` starts it (the built `main.js start`, so that signals reach the
 * cluster's primary itself), on its own port and data folder, for the tests and the drill that need real
 * processes: workers, reloads, kills.
 */
export interface SiteProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves when the output matches, or rejects after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');
export const distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist');

export async function startSite(port: number, env: Record<string, string>, options: { fresh?: boolean; dist?: string } = {}): Promise<SiteProcess> {
  const dataDir = env.DATA_DIR ?? path.join(root, '.tmp', `site-${port}`);
  if (options.fresh !== false) rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--max-old-space-size=128', path.join(options.dist ?? distDir, 'server', 'main.js'), 'start'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const url = `http://127.0.0.1:${port}`;
  const site: SiteProcess = {
    url,
    child,
    output: () => out,
    waitFor(pattern, ms = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(out)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${pattern} in the output within ${ms} ms:\n${out.slice(-2000)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out}`);
    const ready = await get(`${url}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) return site;
    await new Promise((r) => setTimeout(r, 200));
  }
  await site.stop();
  throw new Error(`the server did not become ready:\n${out}`);
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request on a connection of its own (`Connection: close`), as a new reader's would be: the cluster hands each
 * new connection to the next worker, so consecutive calls reach the workers in turn.
 */
export function get(url: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: { connection: 'close', ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
        timeout: 10_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The demo accounts' passwords, from the credentials file the first start wrote. */
export function demoPassword(dataDir: string, username: string): string {
  const line = readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${username} `));
  if (!line) throw new Error(`no demo account ${username}`);
  return line.trim().split(/\s+/)[1]!;
}
