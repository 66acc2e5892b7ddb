import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from './types.js';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  destroy(): Promise<void>;
}

/** Resolves `DATABASE_URL`: `postgres://...` selects PostgreSQL, `sqlite:<file>` (or a bare path) SQLite. */
export function engineOf(databaseUrl: string): Engine {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
}

export function sqliteFile(databaseUrl: string): string {
  return databaseUrl.replace(/^sqlite:(\/\/)?/, '');
}

export function createDb(databaseUrl: string): Db {
  const engine = engineOf(databaseUrl);
  if (engine === 'postgres') {
    // Counts and sums arrive as strings from pg's bigint/numeric; the repos convert with Number().
    // The driver is loaded when the first query needs a connection, so a SQLite site never loads it.
    const pool = async () => {
      const { default: pg } = await import('pg');
      return new pg.Pool({ connectionString: databaseUrl, max: 10 });
    };
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, engine, destroy: () => kysely.destroy() };
  }
  const file = sqliteFile(databaseUrl);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return { kysely, engine, destroy: () => kysely.destroy() };
}

/**
 * Kysely prepares every query anew; preparing is a fair share of a small query's cost on SQLite. The
 * queries of this app come from a bounded set of builders, so prepared statements are kept by SQL text.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: 1000 });
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = database.prepare(sqlText);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}
