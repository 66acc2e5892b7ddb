import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewCounter } from '../../../src/server/modules/content/articles/views.js';

/** A stand-in for the repo's write: fails while `failing` is set, else adds to `stored`. */
function fakeRepo() {
  const repo = {
    failing: true,
    calls: 0,
    stored: new Map<number, number>(),
    async write(counts: Map<number, number>) {
      repo.calls += 1;
      if (repo.failing) throw new Error('database is locked');
      for (const [id, n] of counts) repo.stored.set(id, (repo.stored.get(id) ?? 0) + n);
    },
  };
  return repo;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('article view counter', () => {
  it('survives a failed timed write, logs it, and writes the kept views at the next tick', async () => {
    vi.useFakeTimers();
    const repo = fakeRepo();
    const log = { error: vi.fn() };
    const views = new ViewCounter({ write: repo.write, log, intervalMs: 1000 });
    views.count(7);
    views.count(7);
    views.count(8);

    await vi.advanceTimersByTimeAsync(1000);
    expect(repo.calls).toBe(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0][0].err).toBeInstanceOf(Error);
    expect(repo.stored.size).toBe(0);

    // Views counted while the write was failing join the kept ones.
    views.count(8);
    repo.failing = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(repo.calls).toBe(2);
    expect(Object.fromEntries(repo.stored)).toEqual({ 7: 2, 8: 2 });

    // Nothing pending: no further write.
    await vi.advanceTimersByTimeAsync(5000);
    expect(repo.calls).toBe(2);
  });

  it('reports a failed flush at close instead of throwing', async () => {
    const repo = fakeRepo();
    const log = { error: vi.fn() };
    const views = new ViewCounter({ write: repo.write, log, intervalMs: 60_000 });
    views.count(1);
    await expect(views.flush()).resolves.toBe(false);
    repo.failing = false;
    await expect(views.flush()).resolves.toBe(true);
    expect(repo.stored.get(1)).toBe(1);
  });
});
