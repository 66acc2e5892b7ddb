import path from 'node:path';
import autocannon from 'autocannon';
import { expect, test } from '@playwright/test';
import { demoPassword, get, startSite, type SiteProcess } from '../cluster/site-process.js';

/**
 * `npm start` as a cluster (WORKERS=2) on the embedded SQLite default: one start-up, a worker per core, notices
 * between workers over the cluster's IPC, a dead worker replaced, and SIGHUP reloading the workers without a
 * failed request. No browser: real processes and real connections.
 */
const port = Number(process.env.E2E_CLUSTER_PORT ?? 8390);
const dataDir = path.resolve(`.tmp/e2e-cluster-${port}`);
let site: SiteProcess;

test.describe.configure({ mode: 'serial' });
// Starting a cluster on a fresh site (migrations, demo seed, two workers) takes a few seconds; a loaded machine more.
test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startSite(port, { DATA_DIR: dataDir, WORKERS: '2', SERVED_BY_HEADER: '1', DEMO_MODE: '1', LOG_LEVEL: 'info', TRUST_PROXY: '1' });
  await site.waitFor(/is serving/);
});
test.afterAll(async () => site?.stop());

/** Asks until each of the workers has answered (new connections go to the workers in turn). */
async function fromEachWorker(url: string, workers = 2, headers: Record<string, string> = {}) {
  const seen = new Map<string, Awaited<ReturnType<typeof get>>>();
  for (let i = 0; i < 40 && seen.size < workers; i += 1) {
    const answer = await get(url, { headers });
    seen.set(String(answer.headers['x-served-by']), answer);
  }
  return seen;
}

test('one start-up for the whole cluster, then a worker per process', async () => {
  const out = site.output();
  expect(out.match(/Demo accounts: /g)).toHaveLength(1);
  expect(out.match(/is serving/g)).toHaveLength(1);
  expect(out).toContain('2 workers');
  const workers = await fromEachWorker(`${site.url}/healthz`);
  expect(workers.size).toBe(2);
});

test('an edit made through one worker is seen through the other within a second', async () => {
  test.setTimeout(60_000);
  const page = `${site.url}/article/4`;
  // Both workers hold the rendered page.
  for (let i = 0; i < 3; i += 1) await fromEachWorker(page);
  const cached = await fromEachWorker(page);
  expect([...cached.values()].map((a) => a.headers['x-ssr-cache'])).toEqual(['hit', 'hit']);

  const login = await get(`${site.url}/api/v2/rest-auth/login/`, { method: 'POST', body: { username: 'editor', password: demoPassword(dataDir, 'editor') } });
  expect(login.status).toBe(200);
  const token = (JSON.parse(login.body) as { access: string }).access;
  const title = `Edited across workers ${Date.now()}`;
  const edit = await get(`${site.url}/api/v2/article/4`, { method: 'PATCH', headers: { authorization: `Bearer ${token}` }, body: { title } });
  expect(edit.status).toBe(200);
  const editedBy = String(edit.headers['x-served-by']);

  const started = Date.now();
  let other: Awaited<ReturnType<typeof get>> | undefined;
  while (Date.now() - started < 1000) {
    const answer = await get(page);
    if (String(answer.headers['x-served-by']) !== editedBy && answer.body.includes(title)) {
      other = answer;
      break;
    }
  }
  expect(other, 'the other worker served the edited page within a second').toBeDefined();

  // A logout ends the session in both workers, though each had it cached as live.
  const me = () => fromEachWorker(`${site.url}/api/v2/rest-auth/user/`, 2, { authorization: `Bearer ${token}` });
  expect([...(await me()).values()].map((a) => a.status)).toEqual([200, 200]);
  const logout = await get(`${site.url}/api/v2/rest-auth/logout/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: {} });
  expect(logout.status).toBeLessThan(300);
  await new Promise((r) => setTimeout(r, 1000));
  expect([...(await me()).values()].map((a) => a.status)).toEqual([401, 401]);
});

test('a worker that dies is replaced', async () => {
  test.setTimeout(90_000);
  const before = await fromEachWorker(`${site.url}/healthz`);
  const victim = [...before.keys()][0]!;
  process.kill(Number(victim.split(':').pop()), 'SIGKILL');
  await site.waitFor(/worker died; starting another/);
  await expect
    .poll(
      async () => {
        const workers = [...(await fromEachWorker(`${site.url}/healthz`)).keys()];
        return { workers: workers.length, victimAnswers: workers.includes(victim) };
      },
      { timeout: 60_000, message: 'two workers again, the dead one gone' },
    )
    .toEqual({ workers: 2, victimAnswers: false });
});

test('SIGHUP replaces the workers one at a time without a failed request', async () => {
  // Two workers start one after the other under load: on a busy machine each may take several seconds.
  test.setTimeout(150_000);
  const before = [...(await fromEachWorker(`${site.url}/healthz`)).keys()];
  const reloads = (site.output().match(/reload done/g) ?? []).length;
  let done: (result: autocannon.Result) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve) => (done = resolve));
  const load = autocannon({ url: `${site.url}/article/5`, connections: 8, duration: 120 }, (_err, result) => done(result));
  await new Promise((r) => setTimeout(r, 1500));
  site.child.kill('SIGHUP');
  await expect.poll(() => (site.output().match(/reload done/g) ?? []).length, { timeout: 120_000 }).toBe(reloads + 1);
  await new Promise((r) => setTimeout(r, 1000));
  load.stop();
  const result = await finished;
  expect(result.requests.total).toBeGreaterThan(100);
  expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  const after = [...(await fromEachWorker(`${site.url}/healthz`)).keys()];
  expect(after).toHaveLength(2);
  expect(after.filter((w) => before.includes(w))).toEqual([]);
});

test('a cluster whose workers cannot start stops with their error instead of starting them again and again', async () => {
  // The primary migrates and seeds a new site before its workers fail: 30 s is not enough on a busy machine.
  test.setTimeout(120_000);
  const start = startSite(port + 1, { DATA_DIR: path.resolve(`.tmp/e2e-cluster-${port + 1}`), WORKERS: '2', DEMO_MODE: '1', LOG_LEVEL: 'info', DIST_DIR: path.resolve('.tmp/no-such-build') });
  const failure = await start.then(
    () => '',
    (err: unknown) => String(err),
  );
  expect(failure).toMatch(/the server exited \(1\)/);
  expect(failure).toContain('No build found');
  expect(failure).toContain('a worker exited before the site started');
  expect(failure).not.toContain('worker died; starting another');
});
