import { LRUCache } from 'lru-cache';
import type { Config } from '../config.js';
import type { AppContext } from './context.js';

/** Guest caches (pages, feeds, search answers) are on unless the operator set either SSR cache bound to 0. */
export function guestCachesEnabled(config: Pick<Config, 'ssrCacheEntries' | 'ssrCacheMaxBytes'>): boolean {
  return config.ssrCacheEntries > 0 && config.ssrCacheMaxBytes > 0;
}

/** A bound on what a cache holds, in bytes, besides its count of entries: `size` measures a value. */
export interface GuestCacheBytes<T> {
  max: number;
  size: (value: T) => number;
}

/**
 * A cache of answers as a guest sees them, keyed by the caller's choice (usually the request URL):
 * dropped whenever content changes in this process, and after the SSR cache TTL otherwise, so other
 * processes' edits show within that time. Never used for a signed-in caller.
 */
export function createGuestCache<T extends NonNullable<unknown>>(ctx: AppContext, max = 500, bytes?: GuestCacheBytes<T>) {
  const cache = new LRUCache<string, T>({
    max,
    ttl: ctx.config.ssrCacheTtlSeconds * 1000 || undefined,
    ...(bytes && { maxSize: bytes.max, sizeCalculation: (value: T, key: string) => Math.max(1, bytes.size(value) + key.length) }),
  });
  ctx.events.onChanged(() => cache.clear());
  return {
    async get(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const version = ctx.events.current;
      const value = await compute();
      // Only what was computed from unchanged content is kept.
      if (version === ctx.events.current && guestCachesEnabled(ctx.config)) cache.set(key, value);
      return value;
    },
  };
}
