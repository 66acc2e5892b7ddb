/**
 * `npm run bench`: the production server on a demo site plus 10,000 generated articles, measured with
 * autocannon on 127.0.0.1. Options: --duration <s> per route (10), --articles <n> (10000),
 * --strict (exit 1 when a target is missed).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild, run } from './build.js';
import { randomBytes } from 'node:crypto';
import { checks, measure, processChecks, processTable, table, type Measurement, type Route } from './measure.js';
import { workerChecks, workerTable } from './workers.js';
import { freePort, residentMb, sharesMb, startServer, type RunningServer } from './server.js';
import { runOfflineSave } from './offline-save.js';
import { prepareShop } from './shop-setup.js';
import { backofficeRoutes, prepareBackoffice } from './backoffice.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const DURATION = option('--duration', 10);
const ARTICLES = option('--articles', 10_000);
const STRICT = args.includes('--strict');
const CONNECTIONS = 32;
// Words found in tens to hundreds of the articles, like real queries; checked against the site below.
const SEARCH_WORDS = ['flaky', 'migrations', 'dotfiles', 'catalogue', '时区'];
const ROUTE = {
  static: 'static file',
  page: 'SSR article page',
  pageMiss: 'SSR article page, cache miss (every article)',
  premiumPage: 'SSR premium article page (guest, cached)',
  home: 'home page',
  api: 'GET /api/v2/article/{id}',
  apiMiss: 'GET /api/v2/article/{id}, nothing kept (every article)',
  lessonPage: 'SSR lesson page (guest, free course)',
  lessonApi: 'GET /api/v2/lesson/{id} (guest, free course)',
  meter: 'POST /api/v2/article/{id}/unlock (guest meter)',
  search: 'GET /api/v2/search',
  shopPage: 'SSR shop page (guest, cached)',
  productPage: 'SSR product page (guest, cached)',
  addToBasket: 'POST /api/v2/basket/add-product (logged in)',
  checkout: 'POST /api/v2/quick_checkout (logged in, dev payment)',
};

const seconds = (since: number) => (Date.now() - since) / 1000;
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Card {
  id: number;
  access: 'free' | 'premium';
  free_read: boolean;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Article ids from several pages of the list, so requests spread over old and new articles. */
async function articleIds(url: string): Promise<number[]> {
  const ids: number[] = [];
  for (const page of [1, 7, 23, 51, 97]) {
    const res = await fetch(`${url}/api/v2/article/summary?page_size=10&page=${page}`);
    if (res.ok) ids.push(...((await res.json()) as { results: Card[] }).results.map((a) => a.id));
  }
  if (ids.length === 0) throw new Error('The article list is empty: the seed did not run.');
  return ids;
}

/** Every published article, for the cache-miss scenario and the premium ones. */
async function allArticles(url: string): Promise<Card[]> {
  const cards: Card[] = [];
  for (let page = 1; ; page += 1) {
    const list = await getJson<{ results: Card[]; next: string | null }>(`${url}/api/v2/article/summary?page_size=100&page=${page}`);
    cards.push(...list.results);
    if (!list.next) return cards;
  }
}

/** Premium articles that are not free reads (the meter decides them), spread over the list like `articleIds`. */
function premiumIds(cards: Card[], count: number): number[] {
  const premium = cards.filter((a) => a.access === 'premium' && !a.free_read);
  if (premium.length === 0) throw new Error('No premium article: the seed did not make any.');
  const step = Math.max(1, Math.floor(premium.length / count));
  return premium.filter((_, i) => i % step === 0).slice(0, count).map((a) => a.id);
}

/**
 * Each meter call as a new guest: its own device fingerprint and its own address (the server trusts
 * the proxy header here, as behind a load balancer), so every call spends a first metered read.
 */
function guestHeaders(n: number): Record<string, string> {
  return {
    'x-lectern-fingerprint': `bench-${n}-${randomBytes(6).toString('hex')}`,
    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
}

/** Waits until the server answers a health check quickly, i.e. has worked off what the last run queued. */
async function untilIdle(url: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const started = Date.now();
    await fetch(`${url}/healthz`).then((r) => r.arrayBuffer());
    if (Date.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The page and API paths of every lesson of the published free courses (the demo site has one). */
async function freeLessonPaths(url: string): Promise<{ pages: string[]; api: string[] }> {
  const courses = await getJson<{ results: Array<{ id: number }> }>(`${url}/api/v2/course?access=free&page_size=100`);
  const pages: string[] = [];
  const api: string[] = [];
  for (const course of courses.results) {
    const lessons = await getJson<{ results: Array<{ id: number }> }>(`${url}/api/v2/lesson?course=${course.id}&page_size=100`);
    for (const lesson of lessons.results) {
      pages.push(`/course/${course.id}/lesson/${lesson.id}`);
      api.push(`/api/v2/lesson/${lesson.id}`);
    }
  }
  if (pages.length === 0) throw new Error('No lesson of a free course: the seed did not make any.');
  return { pages, api };
}

async function searchPaths(url: string): Promise<string[]> {
  const paths: string[] = [];
  for (const word of SEARCH_WORDS) {
    const found = await getJson<{ count: number }>(`${url}/api/v2/search?q=${encodeURIComponent(word)}`);
    if (found.count > 0) paths.push(`/api/v2/search?q=${encodeURIComponent(word)}`);
  }
  if (paths.length === 0) throw new Error(`None of ${SEARCH_WORDS.join(', ')} is found by search.`);
  return paths;
}

/** The static reference: the favicon, or failing that the smallest hashed asset. */
function staticPath(dist: string): string {
  if (existsSync(path.join(dist, 'client', 'favicon.svg'))) return '/favicon.svg';
  const assets = readdirSync(path.join(dist, 'client', 'assets')).filter((f) => f.endsWith('.css') || f.endsWith('.js'));
  return `/assets/${assets.sort()[0]}`;
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-'));
  const dataDir = path.join(tmp, 'data');
  let server: RunningServer | undefined;
  let deadline: NodeJS.Timeout | undefined;
  const interrupt = () => void server?.stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    let started = Date.now();
    const build = await ensureBuild(root);
    log(build.seconds ? `Built ${build.dist} in ${build.seconds.toFixed(1)} s.` : `Using the fresh build in ${build.dist}.`);
    // A hard bound on the run after the build; the server is stopped whatever happens.
    deadline = setTimeout(() => {
      log('The benchmark ran past its 10-minute bound; stopping.');
      void server?.stop().finally(() => process.exit(1));
    }, 600_000);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'lectern.db')}`,
      DIST_DIR: build.dist,
      DEMO_MODE: '1',
      LOG_LEVEL: 'warn',
      // Tells the cluster's workers apart (the bench waits for every worker before measuring).
      SERVED_BY_HEADER: '1',
      // The meter scenario's guests each come from their own address, as the proxy header says.
      TRUST_PROXY: '1',
      // The checkout scenario's 400 shoppers each leave dozens of unpaid orders holding stock within seconds.
      ORDER_HOLDS_PER_USER: '100000',
    };
    const serverMain = path.join(build.dist, 'server', 'main.js');
    started = Date.now();
    await run(process.execPath, [serverMain, 'seed'], { cwd: root, env });
    const demoSeconds = seconds(started);
    started = Date.now();
    await run(process.execPath, [serverMain, 'seed', '--articles', String(ARTICLES)], { cwd: root, env });
    const largeSeconds = seconds(started);
    log(`Seeded the demo site in ${demoSeconds.toFixed(1)} s and ${ARTICLES} more articles in ${largeSeconds.toFixed(1)} s.`);
    const shop = await prepareShop(env);
    log(`Added ${shop.tokens.length} shoppers with a session each and ${shop.products.length} books in stock.`);
    const office = await prepareBackoffice(env);

    // The first start on this database, with nothing in the operating system's file cache but what seeding left.
    server = await startServer(build.dist, env, await freePort());
    log(`The server was ready in ${server.readySeconds.toFixed(2)} s.`);
    const ids = await articleIds(server.url);
    const cards = await allArticles(server.url);
    const premium = premiumIds(cards, ids.length);
    const lessons = await freeLessonPaths(server.url);
    const routes: Route[] = [
      { name: ROUTE.static, paths: [staticPath(build.dist)] },
      { name: ROUTE.page, paths: ids.map((id) => `/article/${id}`) },
      // Measured next to the free page, so the two compare under the same conditions.
      { name: ROUTE.premiumPage, paths: premium.map((id) => `/article/${id}`) },
      // Every article in turn over all connections: none of these pages is in the render cache.
      { name: ROUTE.pageMiss, paths: cards.map((a) => `/article/${a.id}`), shared: true },
      { name: ROUTE.home, paths: ['/'] },
      { name: ROUTE.api, paths: ids.map((id) => `/api/v2/article/${id}`) },
      // Every article in turn, as the page miss: no guest answer is kept yet, so each is read and serialised.
      { name: ROUTE.apiMiss, paths: cards.map((a) => `/api/v2/article/${a.id}`), shared: true },
      { name: ROUTE.lessonPage, paths: lessons.pages },
      { name: ROUTE.lessonApi, paths: lessons.api },
      { name: ROUTE.meter, paths: premium.map((id) => `/api/v2/article/${id}/unlock`), method: 'POST', headers: guestHeaders },
      { name: ROUTE.shopPage, paths: ['/shop'] },
      { name: ROUTE.productPage, paths: shop.products.map((id) => `/product/${id}`) },
      // Each request a shopper's own basket change, with its own operation id as the PWA's outbox sends it.
      {
        name: ROUTE.addToBasket,
        paths: ['/api/v2/basket/add-product'],
        method: 'POST',
        headers: (n) => ({ authorization: `Bearer ${shop.tokens[n % shop.tokens.length]}`, 'idempotency-key': `bench-add-${n}-${randomBytes(4).toString('hex')}` }),
        body: (n) => ({ product: shop.products[(n * 7) % shop.products.length], quantity: 1 }),
      },
      // A real order each time: a book bought now, stock held, shipping priced, paid later with the test page.
      {
        name: ROUTE.checkout,
        paths: ['/api/v2/quick_checkout'],
        method: 'POST',
        headers: (n) => ({ authorization: `Bearer ${shop.tokens[(n * 13) % shop.tokens.length]}`, 'idempotency-key': `bench-order-${n}-${randomBytes(4).toString('hex')}` }),
        body: (n) => ({ product: shop.products[(n * 11) % shop.products.length], quantity: 1, payment_method: 'dev', shipping_method_code: shop.shippingCode, shipping_address: shop.address }),
      },
      ...backofficeRoutes(office),
      { name: ROUTE.search, paths: await searchPaths(server.url) },
    ];
    // Guest pages are cached by design: every URL is fetched once first, as earlier traffic would have.
    for (const route of routes.filter((r) => r.name !== ROUTE.search && !r.shared && !r.method)) for (const p of route.paths) await fetch(server.url + p).then((r) => r.arrayBuffer());
    const measurements: Measurement[] = [];
    let missCpuMs = 0;
    const workerCount = Math.max(1, server.workerPids().length);
    log(`The server runs ${workerCount} worker${workerCount > 1 ? 's' : ''} (WORKERS=${env.WORKERS ?? 'auto'}).`);
    for (const route of routes) {
      log(`Measuring ${route.name} (${route.paths.length} URL${route.paths.length > 1 ? 's' : ''}) for ${DURATION} s...`);
      // A short burst warms up the code path; search is measured last and cold, so a slow search cannot
      // leave queued work that would slow the routes after it.
      if (route.name !== ROUTE.search) await measure(server.url, route, 1, CONNECTIONS);
      await untilIdle(server.url);
      const cpuBefore = server.cpuSeconds();
      const m = await measure(server.url, route, DURATION, CONNECTIONS);
      if (route.name === ROUTE.pageMiss) missCpuMs = ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, m.requestsPerSecond * DURATION);
      measurements.push(m);
    }
    const workers = server.workerPids().map((pid) => ({ pid, rss: residentMb(pid) ?? 0 }));
    const largest = workers.reduce<{ pid: number; rss: number } | undefined>((big, w) => (!big || w.rss > big.rss ? w : big), undefined);
    const figures = {
      coldStartSeconds: server.readySeconds,
      rssMb: largest ? largest.rss : server.rssMb(),
      primaryRssMb: largest ? server.rssMb() : null,
      shares: largest ? sharesMb(largest.pid) : null,
    };
    await server.stop();

    // The same site with one worker, for the rows the cluster is meant to speed up.
    const single = await startServer(build.dist, { ...env, WORKERS: '1' }, await freePort());
    const compared = routes.filter((r) => r.name === ROUTE.pageMiss || r.name === ROUTE.page || r.name === ROUTE.api);
    const one: Measurement[] = [];
    let singleMissCpuMs = 0;
    try {
      for (const p of compared.find((r) => r.name === ROUTE.page)!.paths) await fetch(single.url + p).then((r) => r.arrayBuffer());
      for (const route of compared) {
        log(`Measuring ${route.name} with WORKERS=1 for ${DURATION} s...`);
        await measure(single.url, route, 1, CONNECTIONS);
        await untilIdle(single.url);
        const cpuBefore = single.cpuSeconds();
        const m = await measure(single.url, route, DURATION, CONNECTIONS);
        if (route.name === ROUTE.pageMiss) singleMissCpuMs = ((single.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, m.requestsPerSecond * DURATION);
        one.push(m);
      }
    } finally {
      await single.stop();
    }
    const many = compared.map((r) => measurements.find((m) => m.route.name === r.name)!);

    const results = [
      ...checks(measurements, {
        page: ROUTE.page,
        api: ROUTE.api,
        apiMiss: ROUTE.apiMiss,
        pageMiss: ROUTE.pageMiss,
        premiumPage: ROUTE.premiumPage,
        meter: ROUTE.meter,
        lessonPage: ROUTE.lessonPage,
        lessonApi: ROUTE.lessonApi,
      }),
      ...processChecks(figures),
      ...workerChecks(one, many, ROUTE.pageMiss, missCpuMs),
    ];
    const report = [
      `Lectern benchmark, ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? 'unknown'}),`,
      `load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}; SQLite with the demo site + ${ARTICLES} articles`,
      `(seeded in ${demoSeconds.toFixed(1)} s + ${largeSeconds.toFixed(1)} s); ${CONNECTIONS} connections, ${DURATION} s per route.`,
      '',
      table(measurements),
      '',
      processTable(figures),
      '',
      workerTable(one, many, workerCount, singleMissCpuMs, missCpuMs),
      '',
      ...results.map((c) => `- [${c.ok ? 'x' : ' '}] ${c.label}`),
      '',
    ].join('\n');
    const file = path.join(tmp, 'bench.md');
    writeFileSync(file, report);
    log(`\n${report}`);
    log(`Written to ${file}`);
    const failed = measurements.some((m) => m.failed > 0);
    if (failed) log('Some requests failed: see the table.');
    return failed || (STRICT && results.some((c) => !c.ok)) ? 1 : 0;
  } finally {
    clearTimeout(deadline);
    await server?.stop();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    // The 100 MB database has served its purpose; bench.md stays.
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  // Then saving a 20-lesson course for offline, on a site of its own (tests/bench/offline-save.ts).
  async (code) => process.exit(code || (await runOfflineSave())),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
