import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, PostgresDialect, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type PostgresPool, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { KyselyReplicationDialect } from 'kysely-replication';
import { RoundRobinReplicaStrategy } from 'kysely-replication/strategy/round-robin';
import type { Database } from './types.js';

/**
 * After a change notice (from this process or another), public reads stay on the primary this long: a page
 * rendered again just after the change is rendered from the primary, not from a replica that has not replayed
 * the change yet (and kept in the page cache until its time to live). Holds while the replica lags less.
 */
export const CHANGE_GRACE_MS = 2000;

/** A client whose write was just answered reads from the primary this long (the `fresh_reads` cookie). */
export const WRITER_WINDOW_SECONDS = 5;

/** A replica that refused a connection is left alone this long (public reads go to the primary meanwhile). */
export const REPLICA_RETRY_MS = 5000;

/** What the running request may read from: `public` is a guest's read that has written nothing so far. */
interface ReadScope {
  public: boolean;
}

const scope = new AsyncLocalStorage<ReadScope>();

/**
 * Runs `fn` (the rest of a request) as a public read or not. A request made inside another one (a page's
 * in-process API calls) is public only if the one it serves is: the page of a client that has just written is
 * rendered from the primary.
 */
export function runReadScope<R>(isPublic: boolean, fn: () => R): R {
  const outer = scope.getStore();
  return scope.run({ public: isPublic && (outer === undefined || outer.public) }, fn);
}

/**
 * The replica's side of a PostgreSQL site with `DATABASE_READ_URL`. `kysely` sends plain selects to the replica
 * and everything else to the primary (writes, raw SQL, DDL and whole transactions: kysely-replication's rules),
 * and only while the running request is a public read outside the grace period; at any other time (a job, a
 * signed-in caller, a reference kept beyond its request) its queries go to the primary too. A request's first
 * write turns its later reads to the primary.
 */
export class ReadReplica {
  readonly kysely: Kysely<Database>;
  /** Told when the replica cannot be reached (the site logs it). */
  onUnavailable: (err: unknown) => void = () => {};
  #primaryUntil = 0;

  constructor(primaryPool: () => Promise<PostgresPool>, replicaPool: () => Promise<PostgresPool>, private readonly now: () => number = Date.now) {
    // A replica that cannot be reached costs no failed request: that read takes a primary connection, and the
    // next ones go to the primary for REPLICA_RETRY_MS.
    const replicaOrPrimary = async (): Promise<PostgresPool> => {
      const replica = await replicaPool();
      return {
        connect: async () => {
          try {
            return await replica.connect();
          } catch (err) {
            this.#primaryUntil = Math.max(this.#primaryUntil, this.now() + REPLICA_RETRY_MS);
            this.onUnavailable(err);
            return (await primaryPool()).connect();
          }
        },
        end: () => replica.end(),
      };
    };
    this.kysely = new Kysely<Database>({
      dialect: new KyselyReplicationDialect({
        primaryDialect: new PostgresDialect({ pool: primaryPool }),
        replicaDialects: [new PostgresDialect({ pool: replicaOrPrimary })],
        replicaStrategy: new RoundRobinReplicaStrategy({ onTransaction: 'error' }),
      }),
      plugins: [new ScopePlugin(this)],
    });
  }

  /** Whether the running code may read from the replica now. */
  get readsReplica(): boolean {
    const current = scope.getStore();
    return current !== undefined && current.public && this.now() >= this.#primaryUntil;
  }

  /** A change notice arrived: public reads come from the primary for the grace period. */
  changed(): void {
    this.#primaryUntil = this.now() + CHANGE_GRACE_MS;
  }
}

/** Marks a request that writes (its later reads go to the primary) and pins queries run outside a public read. */
class ScopePlugin implements KyselyPlugin {
  constructor(private readonly replica: ReadReplica) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const current = scope.getStore();
    if (node.kind !== 'SelectQueryNode' && current) current.public = false;
    // kysely-replication's own mark (its `withPrimary()`): run this query on the primary.
    return this.replica.readsReplica ? node : Object.assign({}, node, { __dialect__: 'primary' });
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
