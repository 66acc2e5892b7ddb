import { describe, expect, it } from 'vitest';
import { markDeviceCopy } from '../../../src/web/lib/device-copy.js';
import { ConnectionLost, coursePlan, downloadPlan, EntryRefused, UNKNOWN_ENTRY_BYTES, type Progress } from '../../../src/web/lib/offline/download.js';
import { FakeCacheStorage, sampleManifest } from './fake-caches.js';

/** A site whose every entry answers `size` bytes, recording what was asked with which headers. */
function site(options: { size?: number; fail?: (url: string) => 'down' | 'device' | number | null } = {}) {
  const asked: Array<{ url: string; authorization: string | null; accept: string | null }> = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    asked.push({ url, authorization: headers.get('authorization'), accept: headers.get('accept') });
    const failure = options.fail?.(url) ?? null;
    if (failure === 'down') throw new TypeError('Failed to fetch');
    const body = new Response('x'.repeat(options.size ?? 10), { status: typeof failure === 'number' ? failure : 200 });
    return failure === 'device' ? markDeviceCopy(body) : body;
  }) as typeof globalThis.fetch;
  return { fetch: fetcher, asked };
}

describe('a course save plan', () => {
  it('lists each lesson’s page, own answer, navigation and images (each image once), then the course’s entries', () => {
    const plan = coursePlan(sampleManifest(), 'SQL', 7);
    expect(plan.entries.map((e) => [e.url, e.lesson, e.personal])).toEqual([
      ['/course/3/lesson/31', 31, false],
      ['/api/v2/lesson/31', 31, true],
      ['/api/v2/lesson/navigation/31', 31, false],
      ['/media/a.webp', 31, false],
      ['/course/3/lesson/32', 32, false],
      ['/api/v2/lesson/32', 32, true],
      ['/api/v2/lesson/navigation/32', 32, false],
      ['/media/b.webp', 32, false],
      ['/course/3', null, false],
      ['/api/v2/course/3', null, true],
      ['/api/v2/course/3/lesson', null, true],
      ['/media/cover.webp', null, false],
    ]);
    // A guest's answers are a guest's: nothing goes with a token.
    expect(coursePlan(sampleManifest(), 'SQL', 0).entries.some((e) => e.personal)).toBe(false);
  });
});

describe('downloading a plan', () => {
  it('stores every entry, sends the token with the reader’s own answers only, and reports bytes and lessons', async () => {
    const caches = new FakeCacheStorage();
    const cache = await caches.open('lectern-offline-user-7');
    const plan = coursePlan(sampleManifest(), 'SQL', 7);
    const { fetch, asked } = site({ size: 10 });
    const progress: Progress[] = [];
    const result = await downloadPlan(plan, { cache, fetch, token: () => Promise.resolve('tok'), concurrency: 1, onProgress: (p) => progress.push(p) });
    expect(caches.paths('lectern-offline-user-7')).toEqual(plan.entries.map((e) => e.url).sort());
    expect(asked.filter((a) => a.authorization === 'Bearer tok').map((a) => a.url)).toEqual(['/api/v2/lesson/31', '/api/v2/lesson/32', '/api/v2/course/3', '/api/v2/course/3/lesson']);
    expect(asked.filter((a) => a.accept === 'text/html').map((a) => a.url)).toEqual(['/course/3/lesson/31', '/course/3/lesson/32', '/course/3']);
    expect(result.bytes).toBe(120);
    expect(progress.map((p) => p.lessonsDone)).toEqual([0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(progress.at(-1)).toEqual({ bytesDone: 120, bytesTotal: 120, lessonsDone: 2, lessonsTotal: 2 });
    // Before an unknown size is known, the total counts it at the assumed size.
    expect(progress[0].bytesTotal).toBeGreaterThan(UNKNOWN_ENTRY_BYTES);
  });

  it('stops as a lost connection when the network fails or the worker answers from its own caches, and resumes with what is missing only', async () => {
    const caches = new FakeCacheStorage();
    const cache = await caches.open('lectern-offline');
    const plan = coursePlan(sampleManifest(), 'Free', 0);
    const down = site({ fail: (url) => (url === '/media/b.webp' ? 'down' : null) });
    await expect(downloadPlan(plan, { cache, fetch: down.fetch, concurrency: 1 })).rejects.toBeInstanceOf(ConnectionLost);
    const device = site({ fail: (url) => (url === '/media/b.webp' ? 'device' : null) });
    await expect(downloadPlan(plan, { cache, fetch: device.fetch, concurrency: 1 })).rejects.toBeInstanceOf(ConnectionLost);
    expect(caches.paths('lectern-offline')).not.toContain('/media/b.webp');
    const again = site();
    await downloadPlan(plan, { cache, fetch: again.fetch, concurrency: 1 });
    expect(again.asked.map((a) => a.url)).toEqual(['/media/b.webp', '/course/3', '/api/v2/course/3', '/api/v2/course/3/lesson', '/media/cover.webp']);
  });

  it('fails on a refused entry, and stores nothing more once cancelled', async () => {
    const caches = new FakeCacheStorage();
    const cache = await caches.open('lectern-offline');
    const plan = coursePlan(sampleManifest(), 'Free', 0);
    const refused = site({ fail: (url) => (url === '/api/v2/lesson/32' ? 403 : null) });
    await expect(downloadPlan(plan, { cache, fetch: refused.fetch, concurrency: 2 })).rejects.toBeInstanceOf(EntryRefused);
    const other = await caches.open('other');
    const abort = new AbortController();
    const slow = site();
    const run = downloadPlan(plan, { cache: other, fetch: slow.fetch, signal: abort.signal, concurrency: 1, onProgress: () => abort.abort(new Error('cancelled')) });
    await expect(run).rejects.toThrow('cancelled');
    expect(caches.paths('other')).toEqual(['/course/3/lesson/31']);
  });

  it('fetches again what a newer version replaces, even when stored', async () => {
    const caches = new FakeCacheStorage();
    const cache = await caches.open('lectern-offline');
    const plan = coursePlan(sampleManifest(), 'Free', 0);
    await downloadPlan(plan, { cache, fetch: site().fetch });
    const again = site();
    await downloadPlan(plan, { cache, fetch: again.fetch, concurrency: 1 }, (entry) => entry.page);
    expect(again.asked.map((a) => a.url)).toEqual(['/course/3/lesson/31', '/course/3/lesson/32', '/course/3']);
  });
});
