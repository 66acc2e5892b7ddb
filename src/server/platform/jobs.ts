import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

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
}

/**
 * Runs periodic jobs once across every worker and machine. Each job has one row in `job_schedule`; a process
 * whose timer fires claims the next run with one conditional update (`next_run_at <= now` becomes `now +
 * interval`), which exactly one process wins on SQLite and on PostgreSQL alike. The winner runs the job; the
 * others go back to sleep. A process that dies mid-run leaves the row claimed until its interval passes, and the
 * next run goes to whoever is there. The jobs themselves stay safe to repeat (conditional updates), as a slow
 * run may still overlap the next one of a very short interval.
 */
export class Jobs {
  readonly #jobs = new Map<string, JobDefinition>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #running = new Set<Promise<unknown>>();
  readonly #holder: string;
  #started = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobsOptions,
  ) {
    this.#holder = options.holder ?? `${hostname()}:${process.pid}`;
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

  /** Stops the timers and waits for runs in progress. */
  async stop(): Promise<void> {
    this.#started = false;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.#running]);
  }

  /**
   * Claims the job's next run if it is due; true when this process won it. Exposed for the tests that check that
   * two processes never both win.
   */
  async claim(name: string, intervalMs: number, at = new Date()): Promise<boolean> {
    const now = at.toISOString();
    await this.db
      .insertInto('job_schedule')
      .values({ name, next_run_at: now, holder: null, claimed_at: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const result = await this.db
      .updateTable('job_schedule')
      .set((eb) => ({ next_run_at: new Date(at.getTime() + intervalMs).toISOString(), holder: this.#holder, claimed_at: now, runs: eb('runs', '+', 1) }))
      .where('name', '=', name)
      .where('next_run_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Runs the job now if this process wins its due run; resolves when the run is over. */
  async tick(name: string): Promise<boolean> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`No job ${name}`);
    if (!(await this.claim(job.name, job.intervalMs))) return false;
    await job.run(this.log);
    return true;
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
