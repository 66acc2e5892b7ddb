import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AWAIT_DATABASE, DATABASE_READY, answerDatabaseQuestions, awaitDatabase } from '../../../src/server/platform/cluster/database-ready.js';

/**
 * A cluster's workers load their code while the primary migrates, and open the database only once it says so.
 * Here a fake primary and fake workers exchange the same messages as `node:cluster` would carry.
 */

/** One worker's two ends: the primary's handle on it, and the worker's own `process`. */
function pair(primary: EventEmitter) {
  const toWorker = new EventEmitter();
  let connected = true;
  const sentToWorker: unknown[] = [];
  const handle = {
    isConnected: () => connected,
    send: (message: object) => {
      sentToWorker.push(message);
      queueMicrotask(() => toWorker.emit('message', message));
    },
  };
  const worker = Object.assign(toWorker, {
    send: (message: object) => queueMicrotask(() => primary.emit('message', handle, message)),
  });
  return {
    worker,
    sentToWorker,
    disconnect() {
      connected = false;
      toWorker.emit('disconnect');
    },
  };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('the database-ready handshake', () => {
  it('holds a worker until the primary has prepared the database, then lets it go', async () => {
    const cluster = new EventEmitter();
    const prepared = deferred();
    answerDatabaseQuestions(cluster, prepared.promise);
    const a = pair(cluster);
    let opened = false;
    const waiting = awaitDatabase(a.worker).then(() => (opened = true));
    await settle();
    expect(opened).toBe(false);
    expect(a.sentToWorker).toEqual([]);
    prepared.resolve();
    await waiting;
    expect(opened).toBe(true);
    expect(a.sentToWorker).toEqual([{ type: DATABASE_READY }]);
    // The worker stops listening once answered.
    expect(a.worker.listenerCount('message')).toBe(0);
  });

  it('answers a worker that asks after the database is ready (a replacement) at once', async () => {
    const cluster = new EventEmitter();
    answerDatabaseQuestions(cluster, Promise.resolve());
    await settle();
    const late = pair(cluster);
    await expect(awaitDatabase(late.worker)).resolves.toBeUndefined();
  });

  it('answers every worker that asked, and only the question', async () => {
    const cluster = new EventEmitter();
    const prepared = deferred();
    answerDatabaseQuestions(cluster, prepared.promise);
    const workers = [pair(cluster), pair(cluster)];
    const waits = workers.map((w) => awaitDatabase(w.worker));
    // Other messages between the processes (the cluster's notices) get no answer.
    cluster.emit('message', { isConnected: () => true, send: () => expect.fail('answered a notice') }, { type: 'lectern:notice' });
    prepared.resolve();
    await Promise.all(waits);
    for (const w of workers) expect(w.sentToWorker).toEqual([{ type: DATABASE_READY }]);
  });

  it('never lets a worker open the database when preparing it failed; the worker gives up when the primary leaves', async () => {
    const cluster = new EventEmitter();
    const prepared = deferred();
    answerDatabaseQuestions(cluster, prepared.promise);
    const a = pair(cluster);
    const waiting = awaitDatabase(a.worker);
    prepared.reject(new Error('migration failed'));
    await settle();
    expect(a.sentToWorker).toEqual([]);
    a.disconnect();
    await expect(waiting).rejects.toThrow(/primary went away/);
  });

  it('sends nothing to a worker that has gone meanwhile', async () => {
    const cluster = new EventEmitter();
    const prepared = deferred();
    answerDatabaseQuestions(cluster, prepared.promise);
    const a = pair(cluster);
    void awaitDatabase(a.worker).catch(() => undefined);
    await settle();
    a.disconnect();
    prepared.resolve();
    await settle();
    expect(a.sentToWorker).toEqual([]);
  });

  it('is refused in a process with no primary to ask', async () => {
    const lone = new EventEmitter();
    await expect(awaitDatabase(lone)).rejects.toThrow(/primary/);
    expect(AWAIT_DATABASE).not.toBe(DATABASE_READY);
  });
});
