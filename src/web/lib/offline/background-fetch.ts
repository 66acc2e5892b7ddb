import type { DownloadPlan, PlanEntry, Progress } from './download.js';
import { offlineCacheName } from './offline-caches.js';

/*
 * Background Fetch (Chromium on Android and desktop): the browser downloads the entries itself, so a save goes
 * on with the app closed and shows the system's progress notification; the worker stores the results in the
 * offline cache named in the fetch's id (`backgroundfetchsuccess`, see sw.ts) and tells the open pages. The
 * page then runs its own pass, which finds the entries stored and writes the library row. Where the API is
 * missing or refuses (no permission), the page downloads everything itself.
 */

interface BackgroundFetchRegistrationLike extends EventTarget {
  readonly id: string;
  readonly downloaded: number;
  readonly result: '' | 'success' | 'failure';
  readonly failureReason: string;
  abort(): Promise<boolean>;
}

interface BackgroundFetchManagerLike {
  fetch(id: string, requests: Request[], options?: { title?: string; downloadTotal?: number }): Promise<BackgroundFetchRegistrationLike>;
  get(id: string): Promise<BackgroundFetchRegistrationLike | undefined>;
  getIds(): Promise<string[]>;
}

const PREFIX = 'lectern-offline|';

/** The id of a save's fetch: it names the cache the worker stores the results in. */
export function backgroundFetchId(plan: Pick<DownloadPlan, 'owner' | 'kind' | 'id'>): string {
  return `${PREFIX}${offlineCacheName(plan.owner)}|${plan.kind}:${plan.id}`;
}

/** The cache a fetch id names, or null for a fetch that is not an offline save. */
export function cacheOfBackgroundFetch(id: string): string | null {
  if (!id.startsWith(PREFIX)) return null;
  return id.slice(PREFIX.length).split('|')[0] || null;
}

/** The worker's message once it stored (or could not store) a fetch's results. */
export const BACKGROUND_FETCH_MESSAGE = 'LECTERN_OFFLINE_FETCH';
export interface BackgroundFetchMessage {
  type: typeof BACKGROUND_FETCH_MESSAGE;
  id: string;
  stored: boolean;
}

function managerOf(registration: ServiceWorkerRegistration): BackgroundFetchManagerLike | null {
  if (typeof globalThis.BackgroundFetchManager === 'undefined') return null;
  return (registration as ServiceWorkerRegistration & { backgroundFetch?: BackgroundFetchManagerLike }).backgroundFetch ?? null;
}

declare global {
  var BackgroundFetchManager: unknown;
}

export interface BackgroundOptions {
  cache: Cache;
  token?: string | undefined;
  refetch: (entry: PlanEntry) => boolean;
  signal: AbortSignal;
  onProgress: (progress: Progress) => void;
}

/**
 * Runs the missing entries of a plan through Background Fetch. Resolves true once the worker stored them,
 * false where Background Fetch is not there, refused to start or failed (the page then downloads what is
 * still missing, and a lost connection shows there); rejects when the save is cancelled.
 */
export async function backgroundDownload(registration: ServiceWorkerRegistration, plan: DownloadPlan, options: BackgroundOptions): Promise<boolean> {
  const manager = managerOf(registration);
  if (!manager || typeof navigator === 'undefined' || !navigator.serviceWorker) return false;
  const missing: PlanEntry[] = [];
  for (const entry of plan.entries) if (options.refetch(entry) || !(await options.cache.match(entry.url, { ignoreVary: true }))) missing.push(entry);
  if (missing.length === 0) return true;
  const id = backgroundFetchId(plan);
  const requests = missing.map((entry) => {
    const headers = new Headers();
    if (entry.page) headers.set('accept', 'text/html');
    if (entry.personal && options.token) headers.set('authorization', `Bearer ${options.token}`);
    return new Request(entry.url, { headers, credentials: 'same-origin' });
  });
  let fetch: BackgroundFetchRegistrationLike;
  try {
    // A fetch left from an earlier attempt (the page was closed) is replaced by this one.
    await (await manager.get(id))?.abort();
    fetch = await manager.fetch(id, requests, { title: plan.title });
  } catch {
    return false;
  }
  const expected = missing.reduce((sum, e) => sum + (e.bytes ?? 0), 0);
  return new Promise<boolean>((resolve, reject) => {
    const worker = navigator.serviceWorker;
    const done = (outcome: () => void) => {
      worker.removeEventListener('message', onMessage);
      fetch.removeEventListener('progress', onProgress);
      options.signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<BackgroundFetchMessage> | null;
      if (data?.type !== BACKGROUND_FETCH_MESSAGE || data.id !== id) return;
      done(() => resolve(data.stored === true));
    };
    const onProgress = () => {
      options.onProgress({ bytesDone: fetch.downloaded, bytesTotal: Math.max(expected, fetch.downloaded), lessonsDone: 0, lessonsTotal: plan.lessonIds.length });
      if (fetch.result === 'failure') done(() => resolve(false));
    };
    const onAbort = () => {
      void fetch.abort().catch(() => false);
      done(() => reject(options.signal.reason));
    };
    worker.addEventListener('message', onMessage);
    fetch.addEventListener('progress', onProgress);
    options.signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Stops the Background Fetch saves of logged-in users (at logout), so none stores anything afterwards. */
export async function abortUserBackgroundFetches(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  const manager = registration ? managerOf(registration) : null;
  if (!manager) return;
  for (const id of await manager.getIds()) {
    const cache = cacheOfBackgroundFetch(id);
    if (cache && cache !== offlineCacheName(0)) await (await manager.get(id))?.abort();
  }
}
