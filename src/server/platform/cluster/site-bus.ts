import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { localBus, type Bus } from './bus.js';
import { ipcBus } from './ipc-bus.js';
import { pgBus } from './pg-bus.js';
import { redisBus } from './redis-bus.js';

/**
 * The transport of the site's notices, from what is configured: Redis when `REDIS_URL` is set, else PostgreSQL's
 * LISTEN/NOTIFY on a shared database, else the cluster's IPC between the workers of one machine, else nothing
 * (one process).
 */
export async function createSiteBus(config: Config, db: Db, redis: Redis | null, log: FastifyBaseLogger): Promise<Bus> {
  if (redis) return redisBus(redis, log);
  if (db.engine === 'postgres') return pgBus(config.databaseUrl, db.kysely, log);
  if (cluster.isWorker) return ipcBus();
  return localBus();
}

/** The site's Redis connection when `REDIS_URL` is set (notices and route rate limits share it). */
export async function connectRedis(config: Config, log: FastifyBaseLogger): Promise<Redis | null> {
  if (!config.redisUrl) return null;
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', (err) => log.warn({ err }, 'redis connection error'));
  await redis.ping();
  return redis;
}
