import type { ColumnType } from 'kysely';

/**
 * Tables of the platform itself (migration 0029): the schedule that makes each periodic job run once across
 * every worker and machine, and the counters that route rate limits share when no Redis is configured.
 */
export interface JobScheduleTable {
  /** The job's name (`orders.expire`, `membership.expiry`, ...). */
  name: string;
  /** ISO time before which no process starts the job again. */
  next_run_at: string;
  /** The process that claimed the latest run (`host:pid`), for the operator. */
  holder: string | null;
  /** When the run in progress was claimed; null once it is over (set while it runs shows a dead run, decision 117). */
  claimed_at: string | null;
  /** Runs claimed so far, across every process. */
  runs: ColumnType<number, number | undefined, number>;
}

/** Hits of one rate-limit key in its current window (`window_start`, ms since the epoch). */
export interface RateLimitHitsTable {
  key: string;
  window_start: number;
  hits: number;
}

/** Merged into Database in types.ts. */
export interface PlatformTables {
  job_schedule: JobScheduleTable;
  rate_limit_hits: RateLimitHitsTable;
}
