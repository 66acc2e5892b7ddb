import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { Bus, Notice } from './bus.js';
import { isNotice } from './bus.js';

/** The channel every process of the site listens on (channels belong to one database). */
export const PG_CHANNEL = 'lectern_notices';
const RECONNECT_MS = 1000;

/**
 * Notices over PostgreSQL itself (LISTEN/NOTIFY): no component beyond the database the site already needs. One
 * connection per process listens; it reconnects after a loss (notices sent meanwhile are missed, and the caches'
 * time to live covers them). Sending is a `pg_notify` on the site's own pool, so a process holds one extra
 * connection in all.
 */
export async function pgBus(siteDatabaseUrl: string, db: Kysely<Database>, log: FastifyBaseLogger): Promise<Bus> {
  const { default: pg } = await import('pg');
  // The site's own URL parameter (prepared_statements) is not PostgreSQL's.
  const url = new URL(siteDatabaseUrl);
  url.searchParams.delete('prepared_statements');
  const databaseUrl = url.toString();
  const listeners: ((notice: Notice) => void)[] = [];
  let listener: InstanceType<typeof pg.Client> | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      let notice: unknown;
      try {
        notice = JSON.parse(message.payload);
      } catch {
        return;
      }
      if (isNotice(notice)) for (const l of listeners) l(notice);
    });
    client.on('error', (err) => {
      log.warn({ err }, 'notice listener connection lost; reconnecting');
      void client.end().catch(() => {});
      if (listener === client) listener = undefined;
      if (!closed) setTimeout(() => void connect().catch(retry), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${PG_CHANNEL}`);
    if (closed) await client.end();
    else listener = client;
  };
  const retry = (err: unknown) => {
    log.warn({ err }, 'notice listener could not connect; retrying');
    if (!closed) setTimeout(() => void connect().catch(retry), RECONNECT_MS).unref();
  };
  await connect();

  return {
    kind: 'postgres',
    publish(notice) {
      sql`select pg_notify(${PG_CHANNEL}, ${JSON.stringify(notice)})`.execute(db).catch((err: unknown) => log.warn({ err }, 'notice not sent'));
    },
    subscribe(l) {
      listeners.push(l);
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
    },
  };
}
