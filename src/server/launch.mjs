#!/usr/bin/env node
// `npm start` (and `migrate`, `seed`, `createsuperuser`): build when the build is missing or older than the
// sources, then run the command in the built server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeArgs } from './node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const stamp = path.join(dist, '.build-stamp');
const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sourcesAt = Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (builtAt < sourcesAt || !existsSync(path.join(dist, 'server', 'main.js'))) {
  console.log('Building Lectern (the build is missing or older than the sources)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

const [command = 'start', ...rest] = process.argv.slice(2);
let nodeArgs;
try {
  nodeArgs = serverNodeArgs(command, process.env);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
const child = spawnSync(process.execPath, [...nodeArgs, path.join(dist, 'server', 'main.js'), command, ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, ...serverEnv(command, process.env) },
});
process.exit(child.status ?? 1);
