import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../platform/context.js';
import { now } from '../../platform/time.js';

/**
 * Every authenticated request asks whether its session is still live, so the answer is kept in memory.
 * A revocation updates the entry at once in the process that made it and, through the site's notices
 * (`ctx.events.sessionsEnded`), within a second in every other; a lost notice is bounded by `SESSION_CACHE_SECONDS`.
 */
export const SESSION_CACHE_SECONDS = 5;

/** The cached value is the session's owner; user ids start at 1, so 0 marks a session that has ended. */
export const ENDED = 0;

const caches = new WeakMap<AppContext, LRUCache<string, number>>();

export function sessionCache(ctx: AppContext): LRUCache<string, number> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new LRUCache<string, number>({
      max: 50_000,
      ttl: SESSION_CACHE_SECONDS * 1000,
      // Ages are measured on the clock the tokens use, read on every lookup.
      perf: { now },
      ttlResolution: 0,
    });
    caches.set(ctx, cache);
    const created = cache;
    ctx.events.onSessionsEnded((ids) => {
      for (const id of ids) created.set(id, ENDED);
    });
  }
  return cache;
}
