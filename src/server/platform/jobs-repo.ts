import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Client } from 'pg';
import type { Database } from '../db/types.js';

/**
 * The statements of periodic jobs (platform/jobs.ts): each job's row in `job_schedule`, and on PostgreSQL the
 * advisory lock that a process holds for the whole of a run (decision 117).
 */

/** Makes the job's row (due at once) unless it exists. */
export async function ensureJob(db: Kysely<Database>, name: string, at: string): Promise<void> {
  await db
    .insertInto('job_schedule')
    .values({ name, next_run_at: at, holder: null, claimed_at: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export interface Claim {
  name: string;
  holder: string;
  /** Now, as ISO text; the claimed run's `claimed_at`. */
  at: string;
  /** When the run after this one is due. */
  nextAt: string;
  /**
   * Also claim a run that is not due when the row still shows a claimed run that never finished. Only a caller
   * that holds the job's lock may ask: the claimer of that run held it for the whole run, so it is gone.
   */
  takeOver: boolean;
}

/** Claims the job's next run with one conditional update; true when this caller won it. */
export async function claimRun(db: Kysely<Database>, claim: Claim): Promise<boolean> {
  const result = await db
    .updateTable('job_schedule')
    .set((eb) => ({ next_run_at: claim.nextAt, holder: claim.holder, claimed_at: claim.at, runs: eb('runs', '+', 1) }))
    .where('name', '=', claim.name)
    .where((eb) => (claim.takeOver ? eb.or([eb('next_run_at', '<=', claim.at), eb('claimed_at', 'is not', null)]) : eb('next_run_at', '<=', claim.at)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the run claimed by `holder` at `claimedAt` as over (failed or not): the row shows no run in progress. */
export async function finishRun(db: Kysely<Database>, name: string, holder: string, claimedAt: string): Promise<void> {
  await db.updateTable('job_schedule').set({ claimed_at: null }).where('name', '=', name).where('holder', '=', holder).where('claimed_at', '=', claimedAt).execute();
}

/** Gives a lock back. */
export type Release = () => Promise<void>;

export interface JobLocks {
  /**
   * True when a lock is held by a process for the whole of a run and vanishes with it (PostgreSQL): whoever takes
   * the lock knows that no run of the job is in progress anywhere.
   */
  readonly exclusive: boolean;
  /** Takes the job's lock unless another process holds it (then null). */
  tryLock(name: string): Promise<Release | null>;
  /** Ends the locks' connection (after the runs are over). */
  close(): Promise<void>;
}

/** The embedded database: one machine, where the conditional claim alone decides (decision 109). */
export const noJobLocks: JobLocks = {
  exclusive: false,
  tryLock: async () => async () => {},
  close: async () => {},
};

const KEEPALIVES = '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3';

/** Keys of this site's job locks: the name hashed to PostgreSQL's 64-bit advisory lock key. */
const LOCK_KEY = `hashtextextended('lectern.job:' || $1, 0)`;

/**
 * PostgreSQL session advisory locks, on one connection of the process's own (opened at the first run, not from the
 * pool, whose connections come and go). A lock is PostgreSQL's, not the row's: it is released when the run ends,
 * and by PostgreSQL itself when the process or its connection dies, so a killed run holds its job for no longer
 * than the server takes to see the connection closed. Session locks are re-entrant, so the caller must not ask
 * twice for one name at once from one process (Jobs keeps one run per job per process).
 */
export function advisoryJobLocks(siteDatabaseUrl: string, log: FastifyBaseLogger): JobLocks {
  // The site's own URL parameter (prepared_statements) is not PostgreSQL's.
  const url = new URL(siteDatabaseUrl);
  url.searchParams.delete('prepared_statements');
  const connectionString = url.toString();
  let current: Promise<Client> | undefined;
  // One statement at a time on the connection (pg no longer queues them itself).
  let queue: Promise<unknown> = Promise.resolve();
  const query = <T>(client: Client, text: string, name: string): Promise<T | undefined> => {
    const result = queue.then(() => client.query<{ value: T }>(text, [name])).then(({ rows }) => rows[0]?.value);
    queue = result.catch(() => {});
    return result;
  };

  const connection = (): Promise<Client> => {
    if (current) return current;
    const made = (async () => {
      const { default: postgres } = await import('pg');
      // Keepalives both ways: a machine that vanishes (no closed socket) frees its locks within about 25 s.
      const client = new postgres.Client({ connectionString, application_name: 'lectern jobs', keepAlive: true, options: KEEPALIVES });
      client.on('error', (err) => {
        // The session is gone and its locks with it; the next run opens a new one.
        log.warn({ err }, 'job lock connection lost');
        if (current === made) current = undefined;
        void client.end().catch(() => {});
      });
      await client.connect();
      return client;
    })();
    current = made;
    made.catch(() => {
      if (current === made) current = undefined;
    });
    return made;
  };

  return {
    exclusive: true,
    async tryLock(name) {
      const session = connection();
      const client = await session;
      if ((await query<boolean>(client, `select pg_try_advisory_lock(${LOCK_KEY}) as value`, name)) !== true) return null;
      return async () => {
        // A lost session released the lock already; asking a new one would only warn.
        if (current !== session) return;
        await query(client, `select pg_advisory_unlock(${LOCK_KEY}) as value`, name).catch((err: unknown) => log.warn({ err, job: name }, 'job lock not released'));
      };
    },
    async close() {
      const session = current;
      current = undefined;
      if (session) await session.then((client) => client.end()).catch(() => {});
    },
  };
}
