/**
 * A cluster starts its workers at once and migrates meanwhile: a worker loads its code, then asks the primary
 * whether the database is ready and opens it only once told so. The question comes from the worker, so an
 * answer is never sent before the worker listens for it, and a worker started later (a replacement, a reload)
 * is answered at once.
 */
export const AWAIT_DATABASE = 'lectern:await-database';
export const DATABASE_READY = 'lectern:database-ready';

type Message = { type?: unknown } | null | undefined;

/** The part of a cluster worker, as the primary sees it, that the answer needs. */
export interface WorkerChannel {
  isConnected(): boolean;
  send(message: object): unknown;
}

/** The part of `node:cluster` the primary listens on. */
export interface ClusterEvents {
  on(event: 'message', listener: (worker: WorkerChannel, message: unknown) => void): unknown;
}

/** Primary: answers each worker's question once `ready` has resolved (never, if it rejects: the start fails). */
export function answerDatabaseQuestions(cluster: ClusterEvents, ready: Promise<void>): void {
  // The start's own failure is reported where `ready` is awaited; here it only means no answer.
  const settled = ready.then(
    () => true,
    () => false,
  );
  cluster.on('message', (worker, message) => {
    if ((message as Message)?.type !== AWAIT_DATABASE) return;
    void settled.then((ok) => {
      if (ok && worker.isConnected()) worker.send({ type: DATABASE_READY });
    });
  });
}

/** The part of a worker's `process` the question needs. */
export interface PrimaryChannel {
  send?(message: object): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'disconnect', listener: () => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'disconnect', listener: () => void): unknown;
}

/** Worker: resolves when the primary says the database is migrated; rejects if the primary goes away first. */
export function awaitDatabase(primary: PrimaryChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if ((message as Message)?.type !== DATABASE_READY) return;
      done();
      resolve();
    };
    const onDisconnect = () => {
      done();
      reject(new Error('the cluster primary went away before the database was ready'));
    };
    const done = () => {
      primary.off('message', onMessage);
      primary.off('disconnect', onDisconnect);
    };
    primary.on('message', onMessage);
    primary.on('disconnect', onDisconnect);
    if (!primary.send) {
      onDisconnect();
      return;
    }
    primary.send({ type: AWAIT_DATABASE });
  });
}
