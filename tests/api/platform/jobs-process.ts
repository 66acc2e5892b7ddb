// A site process for the jobs-across-processes test: the API (no pages) on the test's database, running its periodic
// jobs and the test's own (`TEST_JOBS`), each of which records its runs in the test's table `test_job_runs`.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';

export interface TestJob {
  name: string;
  intervalMs: number;
  /** How long a run takes. */
  runMs: number;
}

const config = loadConfig(process.env, { demoMode: false, passwordHashCost: 10 });
const app = await buildApp(config, { ssr: false, migrate: false });
const db = app.ctx.db.kysely;
for (const job of JSON.parse(process.env.TEST_JOBS ?? '[]') as TestJob[]) {
  app.ctx.jobs.define({
    name: job.name,
    intervalMs: job.intervalMs,
    async run() {
      const { rows } = await sql<{ id: number }>`insert into test_job_runs (job, pid) values (${job.name}, ${process.pid}) returning id`.execute(db);
      await sleep(job.runMs);
      await sql`update test_job_runs set finished_at = clock_timestamp() where id = ${rows[0]!.id}`.execute(db);
    },
  });
}
await app.ready();
process.stdout.write('ready\n');
process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
