import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/types.js';

type Done = (err: Error | null, result?: { current: number; ttl: number }) => void;


const PRUNE_EVERY_MS = 3600_000;
const KEEP_MS = 24 * 3600_000;

/**
 * `@fastify/rate-limit`'s store when no Redis is configured: each route's counts live in the site's database
 * (`rate_limit_hits`), so a limit counts once across every worker and machine. Fixed windows: one upserted row
 * per key and window, which one statement raises and reads back on SQLite and PostgreSQL alike. The routes that
 * carry a limit are writes and sign-ins, never the cached reads, so the database sees a row change per such call.
 */
export function databaseRateLimitStore(db: Kysely<Database>) {
  let lastPrune = 0;
  class DatabaseStore {
    readonly prefix: string;

    /** The plugin passes its options to the root store; children get their route's prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }

    incr(key: string, done: Done, timeWindow: number): void {
      const at = Date.now();
      const windowStart = at - (at % timeWindow);
      const name = this.prefix + key;
      void (async () => {
        if (at - lastPrune > PRUNE_EVERY_MS) {
          lastPrune = at;
          await db.deleteFrom('rate_limit_hits').where('window_start', '<', at - KEEP_MS).execute();
        }
        const row = await db
          .insertInto('rate_limit_hits')
          .values({ key: name, window_start: windowStart, hits: 1 })
          .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_hits.hits + 1` }))
          .returning('hits')
          .executeTakeFirstOrThrow();
        return { current: Number(row.hits), ttl: windowStart + timeWindow - at };
      })().then(
        (result) => done(null, result),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    }

    read(key: string, done: Done, timeWindow: number): void {
      const at = Date.now();
      const windowStart = at - (at % timeWindow);
      db.selectFrom('rate_limit_hits')
        .select('hits')
        .where('key', '=', this.prefix + key)
        .where('window_start', '=', windowStart)
        .executeTakeFirst()
        .then(
          (row) => done(null, row ? { current: Number(row.hits), ttl: windowStart + timeWindow - at } : { current: 0, ttl: 0 }),
          (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
        );
    }

    /** Each route counts on its own, as with the plugin's other stores. */
    child(options: unknown): DatabaseStore {
      const route = (options as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseStore(`${this.prefix}${route?.method ?? ''}${route?.url ?? ''}:`);
    }
  }
  return DatabaseStore;
}
