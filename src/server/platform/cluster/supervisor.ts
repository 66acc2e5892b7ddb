import cluster, { type Worker } from 'node:cluster';
import { CLUSTER_NOTICE } from './bus.js';

/** The message that tells a worker to stop taking connections, finish what it has and exit. */
export const DRAIN = 'lectern:drain';

export interface SupervisorLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SupervisorOptions {
  workers: number;
  log: SupervisorLog;
  /** Longest wait for a new worker to listen, and for an old one to drain, in ms. */
  startTimeoutMs?: number;
  drainTimeoutMs?: number;
}

/**
 * The cluster's primary: forks the workers (Node's cluster module shares the port between them), replaces one
 * that dies, relays the workers' notices to each other, and on SIGHUP replaces the workers one at a time (a new
 * one listens before an old one drains), so a reload drops no request. SIGTERM and SIGINT drain every worker
 * and exit. The primary serves nothing itself.
 */
export function runSupervisor(options: SupervisorOptions): void {
  const { log, startTimeoutMs = 60_000, drainTimeoutMs = 30_000 } = options;
  /** Workers retired on purpose (reload, shutdown): their exit is not a death to make up for. */
  const retiring = new Set<Worker>();
  let stopping = false;
  let reloading: Promise<void> | undefined;
  const recentDeaths: number[] = [];

  const fork = () => cluster.fork();
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !retiring.has(w!));

  cluster.on('message', (from, message: unknown) => {
    if ((message as { type?: unknown } | null)?.type !== CLUSTER_NOTICE) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message as object);
    }
  });

  // Until one worker listens, the site has not started: a worker that dies then (no build, a port taken, a
  // configuration only a worker reads) would die again, so the start fails with its error above, as WORKERS=1 does.
  let started = false;
  cluster.on('listening', () => (started = true));

  cluster.on('exit', (worker, code, signal) => {
    if (retiring.delete(worker) || stopping) return;
    if (!started) {
      stopping = true;
      log.error({ pid: worker.process.pid, code, signal }, 'a worker exited before the site started; stopping');
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      setTimeout(() => process.exit(1), 100).unref();
      return;
    }
    const at = Date.now();
    recentDeaths.push(at);
    while (recentDeaths.length > 0 && recentDeaths[0]! < at - 60_000) recentDeaths.shift();
    // A worker that dies at once again and again (a bad configuration) is restarted more slowly.
    const delay = recentDeaths.length > 5 ? 5000 : 0;
    log.error({ pid: worker.process.pid, code, signal }, `worker died; starting another${delay ? ` in ${delay / 1000} s` : ''}`);
    setTimeout(fork, delay);
  });

  const listening = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the new worker did not start listening in time')), startTimeoutMs);
      worker.once('listening', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('the new worker exited before listening'));
      });
    });

  const drain = (worker: Worker) =>
    new Promise<void>((resolve) => {
      retiring.add(worker);
      const timer = setTimeout(() => {
        log.warn({ pid: worker.process.pid }, 'worker took too long to drain; stopping it');
        worker.process.kill('SIGKILL');
      }, drainTimeoutMs);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      if (worker.isConnected()) worker.send({ type: DRAIN });
      else worker.process.kill('SIGTERM');
    });

  const reload = async () => {
    const old = live();
    log.info({ workers: old.length }, 'reloading: replacing the workers one at a time');
    for (const worker of old) {
      const next = fork();
      try {
        await listening(next);
      } catch (err) {
        log.error({ err }, 'reload stopped: the old workers keep serving');
        return;
      }
      await drain(worker);
    }
    log.info({ workers: live().length }, 'reload done');
  };

  process.on('SIGHUP', () => {
    if (stopping) return;
    reloading ??= reload().finally(() => {
      reloading = undefined;
    });
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'shutting down the workers');
      void Promise.all(Object.values(cluster.workers ?? {}).map((w) => (w ? drain(w) : undefined))).then(() => process.exit(0));
    });
  }

  for (let i = 0; i < options.workers; i += 1) fork();
}
