/**
 * The API calls behind the public pages (home, article, category, tag, topic, author), each timed as a
 * guest on a site with the demo content plus generated articles; prints each call's median and 95th
 * percentile, how many SQL statements one call runs (each a round trip on PostgreSQL), and the median of each
 * sample's slowest statement (the "every query under 2 ms", timed around the driver). Every call goes
 * through the API in-process (fastify.inject), so a figure is what one page loader waits for: routing,
 * validation, the queries and serialisation. Calls marked "uncached" drop the guest caches (a content
 * change) before each sample, so they measure the queries behind an answer that is otherwise kept.
 *
 *   npx tsx tests/bench/queries.ts                      # temporary SQLite site, 10,000 articles
 *   npx tsx tests/bench/queries.ts --database postgres://user@host/db   # seeded there when empty
 *   (add `?prepared_statements=0` to that URL to time the same calls with every statement unnamed)
 *   options: --articles <n> (10000), --samples <n> per call (300), --data <dir> (keep the SQLite site there),
 *   --only <texts> (time only the calls whose name contains one of these, comma-separated: `--only summary,timeline`)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type CompiledQuery } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { createDb, engineOf } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedDemo } from '../../src/server/db/seed/demo-seed.js';
import { addGeneratedArticles } from '../../src/server/db/seed/large-seed.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const ARTICLES = Number(option('--articles') ?? 10_000);
const SAMPLES = Number(option('--samples') ?? 300);
const TARGET_MS = 2;

interface Call {
  page: string;
  name: string;
  /** The n-th request's URL: ids rotate, so no answer repeats from a warm row cache alone. */
  url: (n: number) => string;
  /** Drop the guest caches before each sample (outside the timing). */
  uncached?: boolean;
}

const pick = <T>(list: T[], n: number): T => list[n % list.length]!;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function main(): Promise<void> {
  const given = option('--database');
  const keep = option('--data');
  const tmp = keep ?? mkdtempSync(path.join(os.tmpdir(), 'lectern-queries-'));
  const databaseUrl = given ?? `sqlite:${path.join(tmp, 'lectern.db')}`;
  // Throw-away secrets: nothing signed here outlives the run, and a shared database requires them set.
  const secret = () => randomBytes(32).toString('hex');
  const config = loadConfig(
    { NODE_ENV: 'production', DATA_DIR: tmp, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', SECRET_KEY: secret(), ALTCHA_HMAC_KEY: secret(), ADMIN_PREVIEW_SECRET: secret() },
    { demoMode: false },
  );
  const db = createDb(databaseUrl);
  await migrateToLatest(db.kysely, db.engine);
  const articles = await db.kysely.selectFrom('articles').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  if (Number(articles.n) < ARTICLES) {
    const started = performance.now();
    if (Number(articles.n) === 0) await seedDemo(db);
    await addGeneratedArticles(db, ARTICLES);
    process.stdout.write(`Seeded ${ARTICLES} articles in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
  }
  // Statistics and visibility maps as autovacuum keeps them on a site that has been running.
  if (db.engine === 'postgres') await sql`vacuum analyze`.execute(db.kysely);

  const app = await buildApp(config, { db, migrate: false, ssr: false });
  await app.ready();
  // Counts the statements a call runs: every query of the app goes through this executor. The distinct
  // texts are what PostgreSQL prepares (named statements, up to the cap of db/connection.ts).
  let statements = 0;
  let slowest = 0;
  const texts = new Set<string>();
  const executor = db.kysely.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = (async (query: CompiledQuery) => {
    statements += 1;
    texts.add(query.sql);
    const started = performance.now();
    try {
      return await execute(query);
    } finally {
      slowest = Math.max(slowest, performance.now() - started);
    }
  }) as typeof executor.executeQuery;
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/v2${url}` });
    if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return res.json() as unknown;
  };

  const k = db.kysely;
  const ids = (await k.selectFrom('articles').select('id').where('status', '=', 'published').orderBy('id').execute()).map((r) => r.id);
  const categories = (await k.selectFrom('categories').select(['id', 'name']).execute());
  const tags = (await k.selectFrom('tags').select(['id', 'name']).execute());
  const topics = (await k.selectFrom('topics').select('id').execute()).map((r) => r.id);
  const authors = (await k.selectFrom('articles').select('author_id').distinct().execute()).map((r) => r.author_id);
  // Spread over the whole table, in a fixed scattered order.
  const articleAt = (n: number) => ids[(n * 7919) % ids.length]!;
  const thisYear = new Date().getUTCFullYear();
  const years = [thisYear, thisYear - 1];

  const allCalls: Call[] = [
    { page: 'home', name: 'article/summary?page_size=12', url: () => '/article/summary?page=1&page_size=12' },
    { page: 'home', name: 'article/summary?page=50', url: () => '/article/summary?page=50&page_size=12' },
    { page: 'home', name: 'article/hot/0?limit=8', url: () => '/article/hot/0?limit=8' },
    { page: 'home', name: 'article/hot/banner/0?limit=8', url: () => '/article/hot/banner/0?limit=8' },
    { page: 'home', name: 'banner', url: () => '/banner' },
    { page: 'home', name: 'ad/announcement', url: () => '/ad/announcement' },
    { page: 'home', name: 'slot/text?key=home_intro', url: () => '/slot/text?key=home_intro' },
    { page: 'article', name: 'article/{id}', url: (n) => `/article/${articleAt(n)}` },
    { page: 'article', name: 'article/related/{id}?limit=6', url: (n) => `/article/related/${articleAt(n)}?limit=6` },
    { page: 'category', name: 'category/{id}', url: (n) => `/category/${pick(categories, n).id}` },
    { page: 'category', name: 'category/name/{name}', url: (n) => `/category/name/${encodeURIComponent(pick(categories, n).name)}` },
    { page: 'category', name: 'article/summary?category=', url: (n) => `/article/summary?category=${pick(categories, n).id}&page=1&page_size=12` },
    { page: 'category', name: 'category/{id}/hot: article/hot/{id}', url: (n) => `/article/hot/${pick(categories, n).id}?limit=8` },
    { page: 'tag', name: 'tag/{id}', url: (n) => `/tag/${pick(tags, n).id}` },
    { page: 'tag', name: 'tag/name/{name}', url: (n) => `/tag/name/${encodeURIComponent(pick(tags, n).name)}` },
    { page: 'tag', name: 'article/summary?tag=', url: (n) => `/article/summary?tag=${pick(tags, n).id}&page=1&page_size=12` },
    { page: 'tag', name: 'tag/hot', url: () => '/tag/hot' },
    { page: 'topic', name: 'topic?page_size=24', url: () => '/topic?page=1&page_size=24' },
    { page: 'topic', name: 'topic/{id}', url: (n) => `/topic/${pick(topics, n)}` },
    { page: 'topic', name: 'topic/{id}/article', url: (n) => `/topic/${pick(topics, n)}/article?page=1&page_size=12` },
    { page: 'author', name: 'author/{id}', url: (n) => `/author/${pick(authors, n)}` },
    { page: 'author', name: 'article/author/{id}', url: (n) => `/article/author/${pick(authors, n)}?page=1&page_size=12` },
    { page: 'menus', name: 'category', url: () => '/category' },
    { page: 'menus', name: 'timeline', url: () => '/timeline' },
    { page: 'menus', name: 'timeline?per_month=5', url: () => '/timeline?per_month=5' },
    { page: 'menus', name: 'timeline (uncached)', url: () => '/timeline', uncached: true },
    { page: 'menus', name: 'timeline?year= (uncached)', url: (n) => `/timeline?year=${years[n % years.length]}`, uncached: true },
  ];
  const only = option('--only');
  const calls = only ? allCalls.filter((c) => only.split(',').some((text) => c.name.includes(text))) : allCalls;

  process.stdout.write(
    `${engineOf(databaseUrl)}, ${ids.length} published articles, ${SAMPLES} samples per call, Node ${process.version}, ` +
      `load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}\n\n` +
      '| page | call | median ms | p95 ms | statements | slowest statement, median ms |\n|---|---|---:|---:|---:|---:|\n',
  );
  // A first round over every call, so the first calls measured do not pay for the engine's warm-up
  // (V8 optimising the request path, the database's first reads) that the later ones do not.
  for (const call of calls) for (let n = 0; n < 20; n += 1) await get(call.url(SAMPLES + 20 + n));
  let over = 0;
  let statementsOver = 0;
  for (const call of calls) {
    const drop = () => call.uncached && app.ctx.events.changed('bench');
    for (let n = 0; n < 20; n += 1) {
      drop();
      await get(call.url(SAMPLES + n));
    }
    const times: number[] = [];
    const slowestTimes: number[] = [];
    let counted = 0;
    for (let n = 0; n < SAMPLES; n += 1) {
      drop();
      statements = 0;
      slowest = 0;
      const started = performance.now();
      await get(call.url(n));
      times.push(performance.now() - started);
      slowestTimes.push(slowest);
      counted += statements;
    }
    times.sort((a, b) => a - b);
    slowestTimes.sort((a, b) => a - b);
    const median = percentile(times, 0.5);
    const statementMedian = percentile(slowestTimes, 0.5);
    if (median >= TARGET_MS) over += 1;
    if (statementMedian >= TARGET_MS) statementsOver += 1;
    process.stdout.write(
      `| ${call.page} | ${call.name}${median >= TARGET_MS ? ' (over)' : ''} | ${median.toFixed(2)} | ${percentile(times, 0.95).toFixed(2)} | ` +
        `${(counted / SAMPLES).toFixed(1)} | ${statementMedian.toFixed(2)}${statementMedian >= TARGET_MS ? ' (over)' : ''} |\n`,
    );
  }
  const share = (missed: number) => (missed === 0 ? 'every one of' : `${calls.length - missed} of`);
  process.stdout.write(`\nCall medians under ${TARGET_MS} ms: ${share(over)} ${calls.length} calls.\n`);
  process.stdout.write(`Slowest statement's median under ${TARGET_MS} ms: ${share(statementsOver)} ${calls.length} calls.\n`);
  process.stdout.write(`${texts.size} distinct statement texts; load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} at the end.\n`);
  await app.close();
  await db.destroy();
  if (!keep && !given) rmSync(tmp, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
