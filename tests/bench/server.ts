import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { serverEnv, serverNodeArgs } from '../../src/server/node-args.mjs';

/** A port the system says is free on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Seconds from spawning the process to its first ready answer of `/readyz` (polled every 20 ms). */
  readySeconds: number;
  /** The process's resident set size in MB (Linux `/proc`, else `ps`); null where neither answers. */
  rssMb(): number | null;
  /** The cluster's workers (none when WORKERS=1: the process serves itself). */
  workerPids(): number[];
  /** CPU seconds (user + system) the server's processes have used so far (Linux `/proc`). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** Child processes of `pid` (Linux). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** CPU seconds of one process: utime + stime of /proc/<pid>/stat, in clock ticks of 1/100 s. */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** `node <flags> <dist>/server/main.js start` on 127.0.0.1, as `npm start` runs it, resolved once /readyz answers. */
export async function startServer(dist: string, env: NodeJS.ProcessEnv, port: number): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  // The flags and environment `npm start` gives the server (its heap budget, its allocator arenas), so the figures are those of the real thing.
  const child = spawn(process.execPath, [...serverNodeArgs('start', env), path.join(dist, 'server', 'main.js'), 'start'], {
    env: { ...env, ...serverEnv('start', env), HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exit.then(() => (exited = true));

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(killer);
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`The server exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readySeconds = (performance.now() - spawnedAt) / 1000;
  // A cluster answers as soon as its first worker listens; the figures wait for every worker.
  const workers = env.WORKERS === '1' ? 0 : Number(env.WORKERS ?? 0) || availableParallelism();
  if (workers > 1) {
    const seen = new Set<string>();
    while (seen.size < workers && Date.now() < deadline) {
      const res = await fetch(`${url}/readyz`, { headers: { connection: 'close' } }).catch(() => null);
      const by = res?.headers.get('x-served-by');
      if (by) seen.add(by);
      else await new Promise((r) => setTimeout(r, 20));
    }
  }
  if (output.trim()) process.stdout.write(`server: ${output.trim()}\n`);
  const pid = child.pid!;
  return {
    url,
    pid,
    readySeconds,
    rssMb: () => residentMb(pid),
    workerPids: () => childPids(pid),
    cpuSeconds: () => [pid, ...childPids(pid)].reduce((sum, p) => sum + cpuOf(p), 0),
    stop,
  };
}

/** A process's proportional set size and private memory in MB (Linux `/proc/<pid>/smaps_rollup`), else null. */
export function sharesMb(pid: number): { pssMb: number; privateMb: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text)?.[1] ?? NaN);
    const pss = kb('Pss');
    const own = kb('Private_Clean') + kb('Private_Dirty');
    return Number.isFinite(pss) && Number.isFinite(own) ? { pssMb: pss / 1024, privateMb: own / 1024 } : null;
  } catch {
    return null;
  }
}

export function residentMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (kb) return Number(kb[1]) / 1024;
  } catch {
    // No /proc: ask ps.
  }
  try {
    const kb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    return Number.isFinite(kb) && kb > 0 ? kb / 1024 : null;
  } catch {
    return null;
  }
}
