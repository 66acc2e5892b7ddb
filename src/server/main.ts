import cluster from 'node:cluster';
import { loadConfig, type Config } from './config.js';
import { createDb, engineOf, type Db } from './db/connection.js';
import { migrateToLatest } from './db/migrations/index.js';
import { seedIfEmpty, seedLargeSite } from './db/seed/index.js';
import { runCreateSuperuser } from './commands/create-superuser.js';
import { promptHidden } from './commands/hidden-prompt.js';
import { logStartupNotices } from './commands/startup-notices.js';
import { installProcessGuard } from './platform/process-guard.js';
import { checkStorage } from './platform/storage/index.js';
import { closeConnectionsWhen, drainWorker } from './platform/cluster/drain.js';
import { answerDatabaseQuestions, awaitDatabase } from './platform/cluster/database-ready.js';
import { DRAIN, runSupervisor } from './platform/cluster/supervisor.js';
import type { RenderFn } from './platform/ssr/index.js';

/** The server itself (Fastify, every module): loaded where a process serves, so a cluster's primary never loads it. */
const loadApp = () => import('./app.js');

/**
 * The command line: `serve` (production build), `dev` (Vite hot reload), `migrate`, `seed`, `createsuperuser`.
 * `npm start` reaches `serve` through launch.mjs, which builds first when the build is stale.
 */
async function serve(mode: 'production' | 'development') {
  const config = loadConfig(process.env, mode === 'development' ? { env: 'development' } : {});
  if (mode === 'production' && config.workers > 1 && cluster.isPrimary) return supervise(config);
  const { buildApp } = await loadApp();
  // A cluster's worker loads its code while the primary migrates and seeds, and opens the database once told.
  if (cluster.isWorker) await awaitDatabase(process);
  const db = createDb(config.databaseUrl, { readUrl: config.databaseReadUrl ?? undefined });
  const seeded = cluster.isWorker ? null : await prepareDatabase(config, db);

  let ssr;
  if (mode === 'development') {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    ssr = {
      mode,
      vite,
      loadRender: async () => ((await vite.ssrLoadModule('/src/web/entry-server.tsx')) as { render: RenderFn }).render,
    } as const;
  } else {
    ssr = { mode, loadRender: async () => (await import('../web/entry-server.js')).render } as const;
  }
  const app = await buildApp(config, { db, migrate: false, ssr });
  if (ssr.mode === 'development' && 'vite' in ssr) {
    const middie = (await import('@fastify/middie')).default;
    await app.register(middie);
    app.use(ssr.vite.middlewares);
    // In development a fresh render module each request picks up edits.
  }

  let draining = false;
  closeConnectionsWhen(app, () => draining);
  const shutdown = installProcessGuard(process, {
    log: app.log,
    close: async () => {
      draining = true;
      await drainWorker(app);
      await db.destroy();
    },
  });
  // The primary asks a worker to leave (a reload, a shutdown): it finishes what it has, then exits.
  if (cluster.isWorker) {
    process.on('message', (message: { type?: unknown } | null) => {
      if (message?.type === DRAIN) void shutdown(0);
    });
  }

  await app.listen({ host: config.host, port: config.port });
  if (cluster.isWorker) return;
  app.log.info(`${config.siteName} is serving ${config.publicUrl} (${db.engine})`);
  await logStartupNotices(app.ctx, { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) }, seeded);
}

async function prepareDatabase(config: Config, db: Db) {
  await checkStorage(config);
  await migrateToLatest(db.kysely, db.engine);
  return seedIfEmpty(config, db);
}

/**
 * `WORKERS` > 1: this process runs the workers (see platform/cluster/supervisor.ts) and serves nothing itself.
 * The workers start at once and load their code while it migrates, seeds and says what an operator needs to
 * hear, once; they open the database when it is done (platform/cluster/database-ready.ts).
 */
async function supervise(config: Config) {
  const { pino } = await import('pino');
  const log = pino({ level: config.logLevel });
  const db = createDb(config.databaseUrl);
  const prepared = prepareDatabase(config, db);
  answerDatabaseQuestions(cluster, prepared.then(() => undefined));
  // Said once, when every worker of the first start listens.
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening !== config.workers) return;
    log.info(`${config.siteName} is serving ${config.publicUrl} (${engineOf(config.databaseUrl)}, ${config.workers} workers; SIGHUP reloads them one at a time)`);
  });
  runSupervisor({ workers: config.workers, log });
  try {
    await logStartupNotices({ config, db }, { info: (m) => log.info(m), warn: (m) => log.warn(m) }, await prepared);
  } finally {
    await db.destroy();
  }
}

async function migrate() {
  const config = loadConfig();
  const db = createDb(config.databaseUrl);
  const done = await migrateToLatest(db.kysely, db.engine);
  console.log(done.length ? `Applied: ${done.join(', ')}` : 'Database is up to date.');
  await db.destroy();
}

async function seed(args: string[]) {
  const config = loadConfig();
  const db = createDb(config.databaseUrl);
  await migrateToLatest(db.kysely, db.engine);
  const i = args.indexOf('--articles');
  if (i >= 0) {
    const count = Number(args[i + 1]);
    if (!Number.isInteger(count) || count < 1) throw new Error('--articles needs a positive whole number');
    const { added, seconds } = await seedLargeSite(config, db, count);
    console.log(`Added ${added} articles in ${seconds.toFixed(1)} s.`);
  } else if (!config.demoMode) {
    console.log('Demo mode is off (DEMO_MODE=0, or a shared database): nothing added.');
  } else {
    const seeded = await seedIfEmpty(config, db);
    if (!seeded) console.log('The database already has content; nothing added.');
    else {
      console.log('Demo content added. Demo accounts (not shown again):');
      for (const a of seeded.accounts) console.log(`  ${a.username} / ${a.password} (${a.role})`);
      console.log(`They are kept in ${seeded.file}.`);
    }
  }
  await db.destroy();
}

/** `createsuperuser --username <name> --email <address>`: see commands/create-superuser.ts. */
async function createsuperuser(args: string[]) {
  const config = loadConfig(process.env, { logLevel: 'warn' });
  const db = createDb(config.databaseUrl);
  await migrateToLatest(db.kysely, db.engine);
  const { buildApp } = await loadApp();
  const app = await buildApp(config, { db, migrate: false, ssr: false });
  try {
    process.exitCode = await runCreateSuperuser(app.ctx, args, {
      env: process.env,
      interactive: Boolean(process.stdin.isTTY),
      promptHidden: (question) => promptHidden(question),
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await app.close();
    await db.destroy();
  }
}

const [command = 'serve', ...rest] = process.argv.slice(2);
const commands: Record<string, () => Promise<void>> = {
  serve: () => serve('production'),
  start: () => serve('production'),
  dev: () => serve('development'),
  migrate,
  seed: () => seed(rest),
  createsuperuser: () => createsuperuser(rest),
};
const run = commands[command];
if (!run) {
  console.error(`Unknown command "${command}". Use one of: ${Object.keys(commands).join(', ')}.`);
  process.exit(2);
}
run().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
