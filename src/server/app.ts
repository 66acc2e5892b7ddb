import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { API_PREFIX } from '../shared/api/common.js';
import type { Config } from './config.js';
import { createDb, type Db } from './db/connection.js';
import { migrateToLatest } from './db/migrations/index.js';
import { authPlugin } from './platform/auth.js';
import { guardRoutesFirst } from './platform/route-guard.js';
import { ContentEvents } from './platform/content-events.js';
import type { AppContext } from './platform/context.js';
import { registerCompression } from './platform/compression.js';
import { frameworkErrorReply, MAX_PARAM_LENGTH, registerErrorHandler } from './platform/error-handler.js';
import { registerJsonBodyLimits } from './platform/input-limits.js';
import { registerNulGuard } from './platform/nul-guard.js';
import { registerReadRouting } from './platform/read-routing.js';
import { registerOpenApi } from './platform/openapi.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { responseSerializer } from './platform/serializer.js';
import { PageViews } from './platform/page-views.js';
import { GuestReads } from './platform/ssr/guest-reads.js';
import { Jobs } from './platform/jobs.js';
import { advisoryJobLocks } from './platform/jobs-repo.js';
import type { Bus } from './platform/cluster/bus.js';
import { connectRedis, createSiteBus } from './platform/cluster/site-bus.js';
import { databaseRateLimitStore } from './platform/rate-limit-store.js';
import { serializeRequest } from './platform/redact-url.js';
import { registerSsr, type SsrOptions } from './platform/ssr/index.js';
import { createStorage } from './platform/storage/index.js';
import { registerUploads } from './platform/storage/serve.js';
import { createTokenSigner } from './platform/tokens.js';
import { apiModules } from './modules/index.js';
import { feedRoutes } from './modules/feeds/routes.js';

export interface BuildOptions {
  /** Use this database instead of opening `config.databaseUrl` (tests). */
  db?: Db;
  /** Run migrations at start (default true). */
  migrate?: boolean;
  /** Run periodic jobs in this process (default true); tests that drive jobs themselves turn them off. */
  jobs?: boolean;
  /** The notice transport (tests); by default chosen from the configuration (see createSiteBus). */
  bus?: Bus;
  /** Server-side rendering: `false` for API-only tests. */
  ssr?: SsrOptions | false;
}

/** Builds the whole site: platform plugins, then the API modules, then feeds, static files and SSR. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password'],
      // Secret-like query values (the private feed's ?token=, reset links) never reach the log.
      serializers: { req: serializeRequest },
    },
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A closing server still answers on its open connections (a worker draining for a reload tells each client to
    // reconnect instead, platform/cluster/drain.ts); a 503 there would be a failed request.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorReply,
  });

  const db = options.db ?? createDb(config.databaseUrl, { readUrl: config.databaseReadUrl ?? undefined });
  if (options.migrate !== false) await migrateToLatest(db.kysely, db.engine);
  // On PostgreSQL a run holds the job's advisory lock on a connection of its own (decision 117).
  const locks = db.engine === 'postgres' ? advisoryJobLocks(config.databaseUrl, app.log) : undefined;
  const jobs = new Jobs(db.kysely, app.log, { enabled: options.jobs !== false, pollMs: config.jobsPollMs, locks });
  const storage = await createStorage(config);
  const ctx: AppContext = { config, db, signer: createTokenSigner(config.secretKey), events: new ContentEvents(), pageViews: new PageViews(), jobs, storage, guestReads: new GuestReads(config.env === 'test') };
  app.decorate('ctx', ctx);
  const redis = await connectRedis(config, app.log);
  const bus = options.bus ?? (await createSiteBus(config, db, redis, app.log));
  ctx.events.attach(bus);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await bus.close();
    redis?.disconnect();
    storage.close();
    if (!options.db) await db.destroy();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.env === 'test'));
  registerErrorHandler(app);
  registerJsonBodyLimits(app);
  registerNulGuard(app);

  registerSecurityHeaders(app, config);
  // Before any route: compression attaches itself to each route as it is added.
  await registerCompression(app);
  await app.register(cookie);
  registerReadRouting(app);
  await app.register(formbody);
  // Route limits count once across every process: in Redis when configured, else in the database.
  await app.register(rateLimit, redis ? { global: false, redis, nameSpace: 'lectern:rl:' } : { global: false, store: databaseRateLimitStore(db.kysely) });
  if (config.servedByHeader) {
    const servedBy = `${hostname()}:${process.pid}`;
    app.addHook('onSend', async (_request, reply) => {
      reply.header('x-served-by', servedBy);
    });
  }
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });
  await app.register(authPlugin);
  guardRoutesFirst(app);

  await registerOpenApi(app, config);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ready', database: db.engine };
    } catch {
      return reply.status(503).send({ error: 'unavailable', message: 'Database unreachable' });
    }
  });

  for (const module of apiModules) await app.register(module, { prefix: API_PREFIX });
  await app.register(feedRoutes);
  registerUploads(app);

  if (options.ssr === false) {
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
    });
  } else {
    await registerSsr(app, options.ssr ?? { mode: 'production' });
  }
  return app;
}
