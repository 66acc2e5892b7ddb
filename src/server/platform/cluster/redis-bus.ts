import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Bus, Notice } from './bus.js';
import { isNotice } from './bus.js';

export const REDIS_CHANNEL = 'lectern:notices';

/**
 * Notices over Redis pub/sub when `REDIS_URL` is set: a subscriber connection per process (ioredis resubscribes
 * after a reconnect) and the command connection to publish.
 */
export async function redisBus(redis: Redis, log: FastifyBaseLogger): Promise<Bus> {
  const listeners: ((notice: Notice) => void)[] = [];
  const subscriber = redis.duplicate();
  subscriber.on('error', (err) => log.warn({ err }, 'redis notice subscriber error'));
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel !== REDIS_CHANNEL) return;
    let notice: unknown;
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (isNotice(notice)) for (const l of listeners) l(notice);
  });
  await subscriber.subscribe(REDIS_CHANNEL);
  return {
    kind: 'redis',
    publish(notice) {
      redis.publish(REDIS_CHANNEL, JSON.stringify(notice)).catch((err: unknown) => log.warn({ err }, 'notice not sent'));
    },
    subscribe(l) {
      listeners.push(l);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
