import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, siteEnvironment, type TestApp } from '../helpers/app.js';
import type { TestJob } from './jobs-process.js';

/*
 * Periodic jobs across processes (decisions 109 and 117). On PostgreSQL two real site processes (tests/api/platform/
 * jobs-process.ts) share one database and define the same counting jobs; the runs are counted in the database.
 * Each due run is run once; a run that outlasts its interval is never joined by a second (the other process skips
 * while the advisory lock is held); and when the process holding a run is killed, the other takes the job over at
 * once. The first block runs on both engines, in one process.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOUR = 3600_000;
const FAR = '9999-01-01T00:00:00.000Z';
const PAST = '2000-01-01T00:00:00.000Z';

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('a run in the schedule (one process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { jobs: false });
  });
  const row = (name: string) => t.db.kysely.selectFrom('job_schedule').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  it('shows while it runs and not after; the holder stays', async () => {
    const name = `test.shown-${Date.now()}`;
    let during: Awaited<ReturnType<typeof row>> | undefined;
    t.app.ctx.jobs.define({ name, intervalMs: HOUR, run: async () => (during = await row(name)) });
    expect(await t.app.ctx.jobs.tick(name)).toBe(true);
    expect(during?.claimed_at).not.toBeNull();
    const after = await row(name);
    expect(after).toMatchObject({ claimed_at: null, holder: during?.holder, runs: 1 });
    // Not due again within its interval.
    expect(await t.app.ctx.jobs.tick(name)).toBe(false);
  });

  it(`a run that never ended is run again ${pgUrl ? 'at once (no process holds its lock)' : 'only after its interval (SQLite)'}`, async () => {
    const name = `test.dead-${Date.now()}`;
    let runs = 0;
    t.app.ctx.jobs.define({ name, intervalMs: HOUR, run: async () => (runs += 1) });
    // A claim with no run after it: what a process killed mid-run leaves.
    expect(await t.app.ctx.jobs.claim(name, HOUR)).toBe(true);
    expect(await t.app.ctx.jobs.tick(name)).toBe(Boolean(pgUrl));
    expect(runs).toBe(pgUrl ? 1 : 0);
    expect((await row(name)).runs).toBe(pgUrl ? 2 : 1);
  });
});

interface Run {
  id: number;
  job: string;
  pid: number;
  started_at: Date;
  finished_at: Date | null;
}

describe.runIf(pgUrl)('jobs across two processes on PostgreSQL', () => {
  const jobs: TestJob[] = [
    { name: 'test.hourly', intervalMs: HOUR, runMs: 0 },
    { name: 'test.every-second', intervalMs: 1000, runMs: 0 },
    { name: 'test.slow', intervalMs: 200, runMs: 1500 },
    { name: 'test.hang', intervalMs: HOUR, runMs: 600_000 },
  ];
  let t: TestApp;
  const children: ChildProcess[] = [];
  let locker: pg.Client;

  const runs = async (job: string) => (await sql<Run>`select * from test_job_runs where job = ${job} order by id`.execute(t.db.kysely)).rows;
  const schedule = (job: string) => t.db.kysely.selectFrom('job_schedule').selectAll().where('name', '=', job).executeTakeFirstOrThrow();
  const setDue = (job: string, at: string) => t.db.kysely.updateTable('job_schedule').set({ next_run_at: at }).where('name', '=', job).execute();

  function startProcess(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/platform/jobs-process.ts'], {
      env: {
        ...siteEnvironment(t.config),
        JOBS_POLL_MS: '100',
        TEST_JOBS: JSON.stringify(jobs),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve(child);
      });
      child.on('exit', (code) => reject(new Error(`site process exited with ${code} before it was ready`)));
    });
  }

  beforeAll(async () => {
    t = await createTestApp({}, { jobs: false });
    await sql`create table test_job_runs (id serial primary key, job text not null, pid integer not null, started_at timestamptz not null default clock_timestamp(), finished_at timestamptz)`.execute(t.db.kysely);
    locker = new pg.Client({ connectionString: t.config.databaseUrl });
    await locker.connect();
    await Promise.all([startProcess(), startProcess()]);
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await locker?.end();
  });

  const pids = () => children.map((child) => child.pid!);

  it('each due run of a job is run once, by one of the two processes', { timeout: 60_000 }, async () => {
    // Due at once when first defined, then made due five more times.
    await eventually('the first run', async () => ((await runs('test.hourly')).length === 1 ? true : undefined));
    for (let i = 2; i <= 6; i += 1) {
      await setDue('test.hourly', PAST);
      await eventually(`run ${i}`, async () => ((await runs('test.hourly')).length >= i ? true : undefined));
    }
    // Time for a second, wrong run of any of them to show (each process polls every 100 ms).
    await sleep(1000);
    const hourly = await runs('test.hourly');
    expect(hourly).toHaveLength(6);
    expect((await schedule('test.hourly')).runs).toBe(6);
    for (const run of hourly) expect(pids()).toContain(run.pid);

    // On its own interval: a run per second, never two within one (a second claim of one due run would start
    // within a poll of the first; the margin is for a busy machine's delay between a claim and its row).
    const everySecond = await eventually('four runs a second apart', async () => {
      const all = await runs('test.every-second');
      return all.length >= 4 ? all : undefined;
    });
    for (let i = 1; i < everySecond.length; i += 1) {
      expect(everySecond[i]!.started_at.getTime() - everySecond[i - 1]!.started_at.getTime()).toBeGreaterThan(500);
    }
  });

  it('a run that outlasts its interval is never joined by a second one', { timeout: 60_000 }, async () => {
    // 1.5 s runs of a job due every 0.2 s: due again all through each run, yet the other process waits.
    // A run that began less than 0.7 s ago is still in progress for the next 0.8 s.
    const inProgress = await eventually('a slow run in progress', async () => {
      const { rows: started } = await sql<{ id: number }>`select id from test_job_runs where job = 'test.slow' and finished_at is null and started_at > clock_timestamp() - interval '700 milliseconds'`.execute(t.db.kysely);
      return started[0];
    });
    const { rows } = await locker.query<{ locked: boolean }>(`select pg_try_advisory_lock(hashtextextended('lectern.job:test.slow', 0)) as locked`);
    if (rows[0]!.locked) await locker.query(`select pg_advisory_unlock(hashtextextended('lectern.job:test.slow', 0))`);
    expect(rows[0]!.locked, `run ${inProgress.id} holds the job's advisory lock`).toBe(false);
    await eventually('three finished slow runs', async () => ((await runs('test.slow')).filter((run) => run.finished_at).length >= 3 ? true : undefined));
    // Stop it: no run starts after the one in progress.
    await setDue('test.slow', FAR);
    await eventually('the last slow run over', async () => ((await schedule('test.slow')).claimed_at === null ? true : undefined));
    const slow = await runs('test.slow');
    for (let i = 1; i < slow.length; i += 1) {
      expect(slow[i]!.started_at.getTime(), `run ${slow[i]!.id} starts after run ${slow[i - 1]!.id} ended`).toBeGreaterThanOrEqual(slow[i - 1]!.finished_at!.getTime());
    }
    expect(slow.every((run) => run.finished_at !== null)).toBe(true);
    expect((await schedule('test.slow')).runs).toBe(slow.length);
  });

  it('when the process running a job is killed, the other takes the job over at once', { timeout: 60_000 }, async () => {
    const [first] = await eventually('the hanging run', async () => {
      const hang = await runs('test.hang');
      return hang.length ? hang : undefined;
    });
    // Due again while the run hangs: the other process skips, as the lock is held.
    await setDue('test.hang', PAST);
    await sleep(1500);
    expect(await runs('test.hang')).toHaveLength(1);
    // Not due for an hour; the holder dies mid-run.
    await setDue('test.hang', FAR);
    const holder = children.find((child) => child.pid === first!.pid)!;
    const survivor = children.find((child) => child !== holder)!;
    const killed = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await killed;
    const killedAt = Date.now();
    const takenOver = await eventually('the run taken over', async () => (await runs('test.hang'))[1], 10_000);
    expect(takenOver.pid).toBe(survivor.pid);
    expect(Date.now() - killedAt).toBeLessThan(5000);
    const [dead] = await runs('test.hang');
    expect(dead!.finished_at).toBeNull();
    const row = await schedule('test.hang');
    expect(row.runs).toBe(2);
    expect(row.holder).toMatch(new RegExp(`:${survivor.pid}$`));
    expect(row.next_run_at > new Date(Date.now() + HOUR / 2).toISOString()).toBe(true);
  });
});
