import { describe, expect, it } from 'vitest';
import { installProcessGuard, type GuardLog } from '../../../src/server/platform/process-guard.js';

/** A process, a logger, a closable app and a deadline, all fakes that record what happened. */
function harness(close: () => Promise<void> = async () => {}) {
  const listeners = new Map<string, (value: unknown) => void>();
  const exits: number[] = [];
  const events: string[] = [];
  const logged: { level: string; obj: object; msg: string }[] = [];
  let deadline: { run: () => void; ms: number; cancelled: boolean } | undefined;
  const log: GuardLog = {
    fatal: (obj, msg) => logged.push({ level: 'fatal', obj, msg }),
    error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
    info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
  };
  const shutdown = installProcessGuard(
    { on: (event, listener) => listeners.set(event, listener), exit: (code) => exits.push(code) },
    {
      log,
      timeoutMs: 2500,
      close: async () => {
        events.push('close');
        await close();
      },
      schedule: (run, ms) => {
        const d = { run, ms, cancelled: false };
        deadline = d;
        return () => {
          d.cancelled = true;
        };
      },
    },
  );
  const emit = (event: string, value?: unknown) => listeners.get(event)!(value);
  return { listeners, exits, events, logged, emit, shutdown, deadline: () => deadline };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('process guard', () => {
  it('logs an unhandled rejection, closes the app and exits 1', async () => {
    const h = harness();
    const reason = new Error('lost promise');
    h.emit('unhandledRejection', reason);
    await settle();
    expect(h.logged[0]).toEqual({ level: 'fatal', obj: { err: reason }, msg: 'unhandled promise rejection; shutting down' });
    expect(h.events).toEqual(['close']);
    expect(h.exits).toEqual([1]);
    expect(h.deadline()).toMatchObject({ ms: 2500, cancelled: true });
  });

  it('logs an uncaught exception, closes the app and exits 1', async () => {
    const h = harness();
    const error = new TypeError('boom');
    h.emit('uncaughtException', error);
    await settle();
    expect(h.logged[0]).toMatchObject({ level: 'fatal', obj: { err: error }, msg: 'uncaught exception; shutting down' });
    expect(h.exits).toEqual([1]);
  });

  it('exits 1 at the time limit when closing hangs', async () => {
    const h = harness(() => new Promise(() => {}));
    h.emit('uncaughtException', new Error('stuck'));
    await settle();
    expect(h.exits).toEqual([]);
    h.deadline()!.run();
    expect(h.exits).toEqual([1]);
    expect(h.logged.at(-1)).toMatchObject({ level: 'error', msg: 'closing took too long; exiting' });
  });

  it('still exits 1 when closing fails', async () => {
    const h = harness(async () => {
      throw new Error('close failed');
    });
    h.emit('unhandledRejection', 'a plain reason');
    await settle();
    expect(h.logged.map((l) => l.msg)).toEqual(['unhandled promise rejection; shutting down', 'closing failed']);
    expect(h.exits).toEqual([1]);
  });

  it('closes once for several errors, and a crash during SIGTERM still exits non-zero', async () => {
    let finish!: () => void;
    const h = harness(() => new Promise<void>((resolve) => (finish = resolve)));
    h.emit('SIGTERM');
    h.emit('unhandledRejection', new Error('during shutdown'));
    h.emit('uncaughtException', new Error('and another'));
    finish();
    await settle();
    expect(h.events).toEqual(['close']);
    expect(h.exits).toEqual([1]);
  });

  it('exits 0 on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT']) {
      const h = harness();
      h.emit(signal);
      await settle();
      expect(h.logged).toEqual([{ level: 'info', obj: { signal }, msg: 'shutting down' }]);
      expect(h.exits).toEqual([0]);
    }
  });
});
