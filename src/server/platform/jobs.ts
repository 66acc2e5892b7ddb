import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { claimRun, ensureJob, finishRun, noJobLocks, type JobLocks } from './jobs-repo.js';

/** A periodic job: `run` is called about every `intervalMs`, by one process of the whole site at a time. */
export interface JobDefinition {
  /** Unique, dotted: `orders.expire`. */
  name: string;
  intervalMs: number;
  run(log: FastifyBaseLogger): Promise<unknown>;
}

export interface JobsOptions {
  /** False in a process that must never run jobs (a CLI command, an API test that drives jobs itself). */
  enabled: boolean;
  /** How often each job's schedule is looked at; a due job starts within this time. */
  pollMs?: number;
  /** Names this process (`host:pid`) in the schedule. */
  holder?: string;
  /** Locks held for the whole of a run: PostgreSQL's advisory locks (`advisoryJobLocks`); none on SQLite. */
  locks?: JobLocks;
}

/**
 * Runs periodic jobs once across every worker and machine. Each job has one row in `job_schedule`; a process
 * whose timer fires claims the next run with one conditional update (`next_run_at <= now` becomes `now +
 * interval`), which exactly one process wins on SQLite and on PostgreSQL alike (decision 109). The winner runs the
 * job; the others go back to sleep. The row's `claimed_at` shows a run in progress and is cleared when it ends.
 *
 * On PostgreSQL a process first takes the job's advisory lock and holds it for the whole run (decision 117): a
 * run that outlasts its interval is never joined by a second one, as the others skip while the lock is held, and
 * a process that dies mid-run loses the lock with its connection. Whoever takes the lock next and finds the row
 * still showing a claimed run knows that run died, and runs the job at once instead of after the interval.
 * On SQLite (one machine) a process that dies mid-run holds its job until the interval passes, and a slow run may
 * overlap the next one of a very short interval. The jobs themselves stay safe to repeat (conditional updates).
 */
export class Jobs {
  readonly #jobs = new Map<string, JobDefinition>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #running = new Set<Promise<unknown>>();
  /** Jobs running in this process: one run per job at a time (a session's advisory locks are re-entrant). */
  readonly #inRun = new Set<string>();
  readonly #holder: string;
  readonly #locks: JobLocks;
  #started = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobsOptions,
  ) {
    this.#holder = options.holder ?? `${hostname()}:${process.pid}`;
    this.#locks = options.locks ?? noJobLocks;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Adds a job; started by `start()` (or at once when already started). */
  define(job: JobDefinition): void {
    if (this.#jobs.has(job.name)) throw new Error(`Job ${job.name} is defined twice`);
    this.#jobs.set(job.name, job);
    if (this.#started) this.#schedule(job);
  }

  start(): void {
    if (this.#started || !this.options.enabled) return;
    this.#started = true;
    for (const job of this.#jobs.values()) this.#schedule(job);
  }

  /** Stops the timers, waits for runs in progress and closes the locks' connection. */
  async stop(): Promise<void> {
    this.#started = false;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.#running]);
    await this.#locks.close();
  }

  /**
   * Claims the job's next run if it is due; true when this process won it. Exposed for the tests that check that
   * two processes never both win.
   */
  async claim(name: string, intervalMs: number, at = new Date()): Promise<boolean> {
    return this.#claim(name, intervalMs, at, false);
  }

  /**
   * Runs the job now if this process wins its due run; resolves when the run is over. False when it is not due,
   * is running in this process, or (PostgreSQL) another process holds its lock.
   */
  async tick(name: string): Promise<boolean> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`No job ${name}`);
    if (this.#inRun.has(name)) return false;
    this.#inRun.add(name);
    try {
      const release = await this.#locks.tryLock(name);
      if (!release) return false;
      try {
        const at = new Date();
        // With the lock held, a run the row shows in progress is a dead one (exclusive locks only).
        if (!(await this.#claim(name, job.intervalMs, at, this.#locks.exclusive))) return false;
        try {
          await job.run(this.log);
        } finally {
          await finishRun(this.db, name, this.#holder, at.toISOString()).catch((err: unknown) => this.log.warn({ err, job: name }, 'job run not marked over'));
        }
        return true;
      } finally {
        await release();
      }
    } finally {
      this.#inRun.delete(name);
    }
  }

  async #claim(name: string, intervalMs: number, at: Date, takeOver: boolean): Promise<boolean> {
    const now = at.toISOString();
    await ensureJob(this.db, name, now);
    return claimRun(this.db, { name, holder: this.#holder, at: now, nextAt: new Date(at.getTime() + intervalMs).toISOString(), takeOver });
  }

  #schedule(job: JobDefinition): void {
    let busy = false;
    const pollMs = Math.min(this.options.pollMs ?? 5000, job.intervalMs);
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = this.tick(job.name)
        .catch((err: unknown) => this.log.error({ err, job: job.name }, 'job failed'))
        .finally(() => {
          busy = false;
          this.#running.delete(run);
        });
      this.#running.add(run);
    }, pollMs);
    timer.unref();
    this.#timers.push(timer);
  }
}
