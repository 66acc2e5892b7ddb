import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the build is made from: the same list `npm start` (src/server/launch.mjs) checks. */
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isFresh(root: string, dist: string): boolean {
  const stamp = path.join(dist, '.build-stamp');
  if (!existsSync(stamp) || !existsSync(path.join(dist, 'server', 'main.js')) || !existsSync(path.join(dist, 'client', 'index.html'))) {
    return false;
  }
  const sourcesAt = Math.max(...INPUTS.map((p) => newestMtime(path.join(root, p))));
  return statSync(stamp).mtimeMs >= sourcesAt;
}

export function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`))));
  });
}

export interface Build {
  dist: string;
  /** Seconds spent building; 0 when a fresh build was reused. */
  seconds: number;
}

/**
 * A production build that matches the sources: ./dist when it is fresh, otherwise a build of our own
 * in the temp folder (never into ./dist, which other work may be using), reused while it stays fresh.
 */
export async function ensureBuild(root: string): Promise<Build> {
  const local = path.join(root, 'dist');
  if (isFresh(root, local)) return { dist: local, seconds: 0 };
  // One per checkout: two checkouts of the repository never measure each other's build.
  const dist = path.join(os.tmpdir(), `lectern-bench-dist-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`);
  if (!isFresh(root, dist)) {
    const started = Date.now();
    await run('npm', ['run', 'build'], { cwd: root, env: { ...process.env, NODE_ENV: 'production', DIST_DIR: dist } });
    // Stamped with the time the build started, so an edit made during the build still counts as newer.
    const stamp = path.join(dist, '.build-stamp');
    writeFileSync(stamp, new Date(started).toISOString());
    utimesSync(stamp, started / 1000, started / 1000);
    // The built server imports its dependencies; outside the repository it finds them through this link.
    if (!existsSync(path.join(dist, 'node_modules'))) symlinkSync(path.join(root, 'node_modules'), path.join(dist, 'node_modules'), 'dir');
    return { dist, seconds: (Date.now() - started) / 1000 };
  }
  return { dist, seconds: 0 };
}
