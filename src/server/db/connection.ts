import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Pool, PoolClient } from 'pg';
import { ReadReplica } from './read-replica.js';
import type { Database } from './types.js';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  /** The instance for the running code: the primary's, or the replica's during a public read (see ReadReplica). */
  readonly kysely: Kysely<Database>;
  engine: Engine;
  /** With a read replica (`DATABASE_READ_URL`, PostgreSQL only). */
  replica?: ReadReplica;
  destroy(): Promise<void>;
}

/** Resolves `DATABASE_URL`: `postgres://...` selects PostgreSQL, `sqlite:<file>` (or a bare path) SQLite. */
export function engineOf(databaseUrl: string): Engine {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
}

export function sqliteFile(databaseUrl: string): string {
  return databaseUrl.replace(/^sqlite:(\/\/)?/, '');
}

export interface DbOptions {
  /**
   * PostgreSQL: how many distinct statement texts are prepared (see `preparingPool`); 0 runs every statement
   * unnamed. Else the `prepared_statements` parameter of the URL, else `PREPARED_STATEMENTS_MAX`.
   */
  preparedStatements?: number;
  /** PostgreSQL: a replica of the database for public reads (`DATABASE_READ_URL`). */
  readUrl?: string;
}

/**
 * Distinct statement texts prepared per pool (one pool per process) unless configured otherwise. A card list's
 * statement holds about 75 KB of the server's memory in each connection that prepared it (parse tree and
 * plan), so this bounds a connection at about 40 MB; the public pages use fewer than 100 texts.
 */
export const PREPARED_STATEMENTS_MAX = 500;

/** A replica that does not answer a new connection within this is taken for unreachable (ReadReplica). */
const REPLICA_CONNECT_TIMEOUT_MS = 2000;

export function createDb(databaseUrl: string, options: DbOptions = {}): Db {
  const engine = engineOf(databaseUrl);
  if (engine === 'postgres') {
    const { connectionString, preparedStatements } = postgresSettings(databaseUrl, options);
    const primaryPool = sharedPool(connectionString, preparedStatements);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: primaryPool }) });
    if (!options.readUrl) return { kysely, engine, destroy: () => kysely.destroy() };
    const read = postgresSettings(options.readUrl, options, 'DATABASE_READ_URL');
    const replica = new ReadReplica(primaryPool, sharedPool(read.connectionString, read.preparedStatements, REPLICA_CONNECT_TIMEOUT_MS));
    return {
      get kysely() {
        return replica.readsReplica ? replica.kysely : kysely;
      },
      engine,
      replica,
      destroy: async () => {
        await replica.kysely.destroy();
        await kysely.destroy();
      },
    };
  }
  if (options.readUrl) throw new Error('Invalid configuration: DATABASE_READ_URL (a read replica) needs DATABASE_URL to be PostgreSQL.');
  const file = sqliteFile(databaseUrl);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }) });
  return { kysely, engine, destroy: () => kysely.destroy() };
}

/**
 * Transactions start with `BEGIN IMMEDIATE`: with several workers on one database file, a deferred transaction
 * that read first and then writes fails at once (SQLITE_BUSY, no busy wait) when another worker wrote meanwhile;
 * taking the write lock at the start makes it wait its turn (`busy_timeout`) instead. Reads outside
 * transactions are never blocked (WAL).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
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

/**
 * One pool of up to 10 connections, made when the first query needs it (so a SQLite site never loads pg), which
 * the primary's and the replica's Kysely instances share; ending it twice ends it once.
 */
function sharedPool(connectionString: string, preparedStatements: number, connectionTimeoutMillis = 0): () => Promise<PostgresPool> {
  let made: Promise<PostgresPool> | undefined;
  return () =>
    (made ??= (async () => {
      // Counts and sums arrive as strings from pg's bigint/numeric; the repos convert with Number().
      const { default: pg } = await import('pg');
      const pool = preparingPool(new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis }), preparedStatements);
      let ended: Promise<void> | undefined;
      return { connect: () => pool.connect(), end: () => (ended ??= pool.end()) };
    })());
}

/** The URL pg gets (without `prepared_statements`, which is this module's) and the cap on prepared texts. */
function postgresSettings(databaseUrl: string, options: DbOptions, setting = 'DATABASE_URL'): { connectionString: string; preparedStatements: number } {
  const url = new URL(databaseUrl);
  const given = url.searchParams.get('prepared_statements');
  url.searchParams.delete('prepared_statements');
  const fromUrl = given === null ? undefined : Number(given);
  if (fromUrl !== undefined && !(Number.isInteger(fromUrl) && fromUrl >= 0)) {
    throw new Error(`Invalid ${setting}: prepared_statements must be a whole number of 0 or more, not "${given}".`);
  }
  return {
    connectionString: given === null ? databaseUrl : url.toString(),
    preparedStatements: options.preparedStatements ?? fromUrl ?? PREPARED_STATEMENTS_MAX,
  };
}

/**
 * Reads and writes worth preparing: one statement (a text without parameters may hold several, which only the
 * simple protocol runs) that is not a transaction command, DDL or maintenance.
 */
const preparable = (text: string, values: readonly unknown[]) =>
  /^\s*(select|insert|update|delete|with)\b/i.test(text) && (values.length > 0 || !text.includes(';'));

const opensTransaction = (text: string) => /^\s*(begin|start\s+transaction)\b/i.test(text);
const closesTransaction = (text: string) => /^\s*(commit|rollback|end|abort)\s*;?\s*$/i.test(text);

/**
 * A session's prepared statement that no longer answers: "cached plan must not change result type" (0A000, a
 * migration altered a table behind `select *` or `returning *`), or the session lost it (26000). Told by the
 * code alone, as the message depends on the server's language.
 */
const isStalePlan = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '0A000' || code === '26000';
};

/**
 * Statement names by text, shared by the pool's connections: up to `max` distinct texts get a name (from a
 * hash of the text); later new texts run unnamed, so `in (...)` lists of ever new lengths cannot grow every
 * session's set of prepared statements without bound.
 */
class StatementNames {
  readonly #names = new Map<string, string>();
  constructor(readonly max: number) {}

  nameOf(text: string, values: readonly unknown[]): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined || this.#names.size >= this.max || !preparable(text, values)) return known;
    const name = `l_${createHash('sha1').update(text).digest('hex')}`;
    this.#names.set(text, name);
    return name;
  }
}

/**
 * The pool Kysely gets on PostgreSQL. Kysely sends every query unnamed, which PostgreSQL parses and plans anew
 * each time; planning costs more than executing most of this app's statements. Through this pool a query
 * goes out as a named statement (`{ name, text, values }`): pg parses it once per connection (it remembers the
 * names it has prepared on each) and afterwards sends only Bind and Execute. How it is planned stays
 * PostgreSQL's choice (`plan_cache_mode=auto`: planned for its values at first, its generic plan kept when that
 * is estimated no dearer): forcing generic plans saved up to 1 ms on a card list, but a generic plan made while a
 * table's statistics were stale (just after a bulk import) ran a hot-tags query at 176 ms instead of 1.5 ms.
 * Texts that are not single reads or writes (transaction commands, DDL, several statements), and new texts past
 * the cap, run unnamed as before.
 *
 * PostgreSQL replans a prepared statement when a table it reads changes, but fails one whose result columns
 * changed (a migration run by another process while this one serves). Such a query runs again unnamed when no
 * transaction is open (inside one the error stands and the transaction rolls back), and the connection is
 * closed when released, so the pool opens a new session without the stale statements.
 */
export function preparingPool(pool: Pool, max: number): PostgresPool {
  const names = new StatementNames(max);
  const clients = new WeakMap<PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let preparing = clients.get(client);
      if (!preparing) clients.set(client, (preparing = preparingClient(client, names)));
      return preparing;
    },
    end: () => pool.end(),
  };
}

function preparingClient(client: PoolClient, names: StatementNames): PostgresPoolClient {
  let inTransaction = false;
  let stale = false;
  async function run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    // Kysely hands over a fresh array of the query's parameters.
    const values = parameters as unknown[];
    if (opensTransaction(text)) inTransaction = true;
    else if (closesTransaction(text)) inTransaction = false;
    const name = names.nameOf(text, values);
    if (name === undefined) return (await client.query(text, values)) as unknown as PostgresQueryResult<R>;
    try {
      return (await client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      stale = true;
      if (inTransaction) throw err;
      return (await client.query(text, values)) as unknown as PostgresQueryResult<R>;
    }
  }
  return {
    query: ((textOrCursor: string | Parameters<PoolClient['query']>[0], parameters?: ReadonlyArray<unknown>) =>
      typeof textOrCursor === 'string' ? run(textOrCursor, parameters ?? []) : client.query(textOrCursor as never)) as PostgresPoolClient['query'],
    release() {
      // A connection holding a stale statement is closed rather than kept, so its session starts clean.
      client.release(stale || undefined);
    },
  };
}
