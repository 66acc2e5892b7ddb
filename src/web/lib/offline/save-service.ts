import { fromCallback, fromPromise } from 'xstate';
import { API_PREFIX } from '../../../shared/api/prefix.js';
import type { LecternDb } from '../db.js';
import { ApiError } from '../http.js';
import { backgroundDownload } from './background-fetch.js';
import { bytesStillNeeded, ConnectionLost, downloadPlan, storedEntries, type DownloadPlan, type PlanEntry, type Progress } from './download.js';
import { findItem, putItem } from './library-store.js';
import { offlineCacheName } from './offline-caches.js';
import { saveOfflineMachine, SaveStopped, type Preparation, type SaveEvent, type SaveRequest } from './save-offline-machine.js';

export interface SaveServiceDeps {
  db: LecternDb;
  cacheStorage: CacheStorage;
  /** The reader's token for their own copies; undefined for a guest. */
  token: () => Promise<string | undefined>;
  /** `navigator.storage`, when the browser has it. */
  storage?: Pick<StorageManager, 'estimate' | 'persist' | 'persisted'>;
  fetch?: typeof fetch;
  /** The worker's registration, for Background Fetch where the browser has it. */
  registration?: () => Promise<ServiceWorkerRegistration | undefined>;
  now?: () => Date;
}

/** An answer fetched while planning, stored as it is before the download (so the plan and the copy agree). */
export interface PrimedEntry {
  url: string;
  response: Response;
}

/** What a planner found: the plan, and the answers it already fetched to make it. */
export interface PlannedSave {
  plan: DownloadPlan;
  primed?: PrimedEntry[];
}

/**
 * Reads what saving `request` takes (a course's manifest, an article's own answer). It throws `SaveStopped`
 * ('offline' or 'refused') when it cannot say.
 */
export type SavePlanner = (request: SaveRequest) => Promise<PlannedSave>;

/** A save in hand: its plan and what `prepare` found stored, for the download that follows. */
interface Prepared {
  plan: DownloadPlan;
  primed: PrimedEntry[];
  /** Entries to fetch again even though stored: the pages and API answers of an older version. */
  refetch: (entry: PlanEntry) => boolean;
}

/** A failure that means the device lost its connection (the save resumes once it is back). */
export const isOfflineError = (err: unknown) => err instanceof ConnectionLost || (err instanceof ApiError && err.status === 0);

/**
 * The save machine wired to the caches and the library, for whatever `planner` plans: `prepare` reads the plan,
 * what is stored already and the storage estimate (and asks for persistent storage); `download` stores the
 * planner's own answers, then what is missing (through Background Fetch where the browser has it, so it goes
 * on with the app closed), then writes the library row; `discardPartial` deletes the entries of a cancelled
 * save that no saved item needs.
 */
export function provideSaveService(deps: SaveServiceDeps, planner: SavePlanner) {
  const prepared = new Map<string, Prepared>();
  const keyOf = (request: SaveRequest) => `${request.owner}:${request.kind}:${request.id}`;

  const prepare = async (request: SaveRequest): Promise<Preparation> => {
    const { plan, primed = [] } = await planner(request);
    const cache = await deps.cacheStorage.open(offlineCacheName(request.owner));
    const existing = await findItem(deps.db, request.owner, request.kind, request.id);
    const stale = existing !== undefined && existing.owner === request.owner && existing.version !== plan.version;
    const fresh = new Set(primed.map((entry) => entry.url));
    // Images are content-addressed and never change; pages and API answers of an older version do. The
    // planner's own answers are new already.
    const refetch = (entry: PlanEntry) => stale && !fresh.has(entry.url) && (entry.page || entry.url.startsWith(API_PREFIX));
    const stored = await storedEntries(cache, plan);
    prepared.set(keyOf(request), { plan, primed, refetch });
    const neededBytes = bytesStillNeeded(plan, stored, (entry) => refetch(entry) || fresh.has(entry.url));
    let availableBytes: number | null = null;
    if (deps.storage) {
      const estimate = await deps.storage.estimate().catch(() => undefined);
      if (estimate?.quota !== undefined) availableBytes = Math.max(0, estimate.quota - (estimate.usage ?? 0));
      // Asked, never required: without it the browser may evict the library under storage pressure.
      if (availableBytes === null || neededBytes <= availableBytes) {
        void deps.storage
          .persisted()
          .then((persisted) => persisted || deps.storage!.persist())
          .catch(() => false);
      }
    }
    const bytesTotal = plan.entries.reduce((sum, e) => sum + (e.bytes ?? 0), 0);
    return { neededBytes, availableBytes, lessonsTotal: plan.lessonIds.length, bytesTotal: Math.max(bytesTotal, neededBytes) };
  };

  const download = (request: SaveRequest, send: (event: SaveEvent) => void): (() => void) => {
    const abort = new AbortController();
    const run = async () => {
      const ready = prepared.get(keyOf(request));
      if (!ready) throw new SaveStopped('refused');
      const { plan, primed, refetch } = ready;
      const cache = await deps.cacheStorage.open(offlineCacheName(request.owner));
      for (const entry of primed) {
        abort.signal.throwIfAborted();
        await cache.put(entry.url, entry.response.clone());
      }
      const token = request.owner ? deps.token : undefined;
      const report = (progress: Progress) => {
        if (!abort.signal.aborted) send({ type: 'PROGRESS', ...progress });
      };
      const registration = await deps.registration?.().catch(() => undefined);
      // Background Fetch stores what is missing; the pass below then finds it stored and only counts it.
      const fetchedInBackground = registration
        ? await backgroundDownload(registration, plan, { cache, refetch, signal: abort.signal, onProgress: report, ...(token ? { token: await token() } : {}) })
        : false;
      const result = await downloadPlan(
        plan,
        { cache, signal: abort.signal, onProgress: report, ...(token ? { token } : {}), ...(deps.fetch ? { fetch: deps.fetch } : {}) },
        fetchedInBackground ? () => false : refetch,
      );
      const previous = await findItem(deps.db, request.owner, request.kind, request.id);
      const item = await putItem(deps.db, {
        kind: plan.kind,
        id: plan.id,
        title: plan.title,
        size: result.bytes,
        version: plan.version,
        saved_at: (deps.now?.() ?? new Date()).toISOString(),
        owner: plan.owner,
        lesson_count: plan.lessonIds.length,
        urls: result.urls,
        members_only: plan.membersOnly,
      });
      // An update leaves behind the entries only the older copy listed (signed media URLs change with the hour).
      if (previous && previous.owner === request.owner) {
        const rows = await deps.db.library.where('owner').equals(request.owner).toArray();
        const kept = new Set(rows.flatMap((row) => row.urls));
        await Promise.all(previous.urls.filter((url) => !kept.has(url)).map((url) => cache.delete(url, { ignoreVary: true })));
      }
      prepared.delete(keyOf(request));
      if (!abort.signal.aborted) send({ type: 'FINISHED', item });
    };
    run().catch((err: unknown) => {
      if (abort.signal.aborted) return;
      send({ type: 'FAILED', reason: isOfflineError(err) || (err instanceof SaveStopped && err.reason === 'offline') ? 'offline' : 'refused' });
    });
    return () => abort.abort(new DOMException('The save was stopped.', 'AbortError'));
  };

  const discardPartial = async (request: SaveRequest | null) => {
    if (!request) return;
    const ready = prepared.get(keyOf(request));
    if (!ready) return;
    const rows = await deps.db.library.where('owner').equals(request.owner).toArray();
    const kept = new Set(rows.flatMap((row) => row.urls));
    const cache = await deps.cacheStorage.open(offlineCacheName(request.owner));
    await Promise.all(ready.plan.entries.filter((e) => !kept.has(e.url)).map((e) => cache.delete(e.url, { ignoreVary: true })));
  };

  return saveOfflineMachine.provide({
    actors: {
      prepare: fromPromise<Preparation, SaveRequest>(({ input }) => prepare(input)),
      download: fromCallback<SaveEvent, SaveRequest>(({ input, sendBack }) => download(input, sendBack)),
    },
    actions: {
      discardPartial: (_, params) => {
        void discardPartial(params.request).catch(() => undefined);
      },
    },
  });
}
