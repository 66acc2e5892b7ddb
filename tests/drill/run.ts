/**
 * `npm run drill` (`-- --quick` in CI): Lectern as a publisher runs it on many machines, on this one: a throw-away
 * PostgreSQL (.ci/with-postgres.sh), Redis and nginx from Debian's packages, and three Lectern processes behind
 * nginx. It checks the API journeys through nginx, runs the vitest API suite through nginx (all of it; part of it
 * with `--quick`), checks that edits made through one process are seen through every other within a second, and that killing a process under load loses no acknowledged write and fails no request
 * beyond its own open connections; then it measures requests/s through nginx with 1, 2 and 3 processes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureBuild } from '../bench/build.js';
import { startSite, type SiteProcess } from '../cluster/site-process.js';
import { jobsOnce, journeys, propagation, killUnderLoad, throughput, type Check, type DrillSite } from './checks.js';
import { freePort, startNginx, startRedis, type Service } from './services.js';
import { sharedFiles } from './files.js';
import { startTestBucket } from '../api/helpers/s3.js';
import { apiSuiteThroughNginx } from './api-suite.js';

const quick = process.argv.includes('--quick');
const root = path.resolve(import.meta.dirname, '../..');
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Run it as `npm run drill`: it needs the throw-away PostgreSQL of .ci/with-postgres.sh.');
  const build = await ensureBuild(root);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-drill-'));
  const services: Array<Pick<Service, 'stop'>> = [];
  const sites: SiteProcess[] = [];
  try {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('create database lectern_drill');
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/lectern_drill';
    const redis = await startRedis();
    services.push(redis);
    const bucket = await startTestBucket('lectern-drill');
    services.push({ stop: () => bucket.stop() });
    const secret = () => randomBytes(32).toString('base64url');
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: `redis://127.0.0.1:${redis.port}`,
      SECRET_KEY: secret(),
      ALTCHA_HMAC_KEY: secret(),
      ADMIN_PREVIEW_SECRET: secret(),
      DEV_MAILBOX_SECRET: secret(),
      DEMO_MODE: '1',
      WORKERS: '1',
      TRUST_PROXY: '1',
      SERVED_BY_HEADER: '1',
      JOBS_POLL_MS: '200',
      LOGIN_RATE_LIMIT: '1000',
      // Uploads and member media in a bucket of a local S3-compatible server; each process has its own folder.
      STORAGE_URL: bucket.url('drill'),
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    // The first process migrates and seeds; the others find the database ready.
    const dataDirs = ports.map((_, i) => path.join(dir, `data-${i}`));
    for (const [i, port] of ports.entries()) sites.push(await startSite(port, { ...env, DATA_DIR: dataDirs[i]! }, { fresh: i === 0, dist: build.dist }));
    const nginx = await startNginx(path.join(dir, 'nginx'), ports);
    services.push(nginx);
    log(`Drill: PostgreSQL, Redis on ${redis.port}, nginx on ${nginx.port} in front of Lectern on ${ports.join(', ')}.`);

    const site: DrillSite = { front: `http://127.0.0.1:${nginx.port}`, processes: sites.map((s) => s.url), dataDir: dataDirs[0]!, databaseUrl: env.DATABASE_URL };
    const checks: Check[] = [];
    checks.push(...(await journeys(site)));
    const reach = await propagation(site);
    checks.push(...reach.checks);
    checks.push(await jobsOnce(site));
    checks.push(...(await sharedFiles(site)));
    const figures: string[] = [];
    if (!quick) {
      for (const n of [1, 2, 3]) {
        const front = await startNginx(path.join(dir, `nginx-${n}`), ports.slice(0, n));
        services.push(front);
        const r = await throughput(`http://127.0.0.1:${front.port}`, 10);
        figures.push(`| ${n} | ${Math.round(r.rps)} | ${r.p99} ms |`);
        await front.stop();
      }
    }
    checks.push(...(await killUnderLoad(site, sites[2]!, quick ? 6 : 12)));
    log(`Running ${quick ? 'part of ' : ''}the API suite through nginx...`);
    const suite = await apiSuiteThroughNginx(root, dir, quick);
    checks.push(suite.check);

    log('\n| check | result |\n|---|---|');
    for (const c of checks) log(`| ${c.name} | ${c.ok ? 'ok' : `FAILED: ${c.detail}`} |`);
    log(`\nThe API suite through nginx: ${suite.summary}.`);
    log(`\nAn edit reached every process in at most ${reach.worstMs} ms (${reach.edits} edits).`);
    if (figures.length) log(`\nThrough nginx, guest article pages:\n\n| processes | requests/s | p99 |\n|---|---|---|\n${figures.join('\n')}`);
    const failed = checks.filter((c) => !c.ok).length;
    log(`\n${checks.length - failed} passed, ${failed} failed`);
    return failed ? 1 : 0;
  } finally {
    for (const s of sites) await s.stop();
    for (const s of services.reverse()) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
