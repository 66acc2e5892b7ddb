import type { OfflineManifest } from '../../../shared/api/courses.js';
import { coursesPaths } from '../../../shared/api/courses-paths.js';
import { API_PREFIX } from '../../../shared/api/prefix.js';
import { isDeviceCopy } from '../device-copy.js';

/*
 * What saving a course or an article stores, and the download itself: every entry fetched (with the reader's
 * token where the answer is personal) and put in the owner's offline cache. Entries already stored are
 * skipped, so a download that stopped (lost connection, closed page) resumes where it was.
 */

/** Bytes assumed for an entry whose size the manifest does not give (a rendered page, a navigation answer). */
export const UNKNOWN_ENTRY_BYTES = 48 * 1024;

export interface PlanEntry {
  url: string;
  /** The manifest's size, or null when unknown (then UNKNOWN_ENTRY_BYTES is assumed). */
  bytes: number | null;
  /** The lesson this entry belongs to; null for the course's own entries or an article's. */
  lesson: number | null;
  /** Sent with the reader's token: the answer is their own copy (premium body, done marks). */
  personal: boolean;
  /** A rendered page (asked for as HTML). */
  page: boolean;
}

export interface DownloadPlan {
  kind: 'course' | 'article';
  id: number;
  title: string;
  version: string;
  owner: number;
  lessonIds: number[];
  entries: PlanEntry[];
  /** Only members may read it: the saved copy is dropped when the saver is found no longer a member. */
  membersOnly: boolean;
}

const api = (template: string, id: number) => `${API_PREFIX}${template.replace(':id', String(id))}`;

export const expectedBytes = (entry: PlanEntry) => entry.bytes ?? UNKNOWN_ENTRY_BYTES;

/**
 * A course's plan from its offline manifest: per lesson its page, its API answer, its navigation answer (an
 * in-app move to the next lesson reads it) and its images (each image once, with the first lesson that shows
 * it); then the course's page, API answer, outline and the images of its cover and description.
 */
export function coursePlan(manifest: OfflineManifest, title: string, owner: number, membersOnly = false): DownloadPlan {
  const sizes = new Map(manifest.images.map((image) => [image.url, image.bytes]));
  const seen = new Set<string>();
  const entries: PlanEntry[] = [];
  const add = (entry: PlanEntry) => {
    if (seen.has(entry.url)) return;
    seen.add(entry.url);
    entries.push(entry);
  };
  const personal = owner > 0;
  for (const lesson of manifest.lessons) {
    add({ url: lesson.page_url, bytes: null, lesson: lesson.id, personal: false, page: true });
    add({ url: lesson.api_url, bytes: lesson.api_bytes, lesson: lesson.id, personal, page: false });
    add({ url: api(coursesPaths.lessonNavigation, lesson.id), bytes: null, lesson: lesson.id, personal: false, page: false });
    for (const url of lesson.images) add({ url, bytes: sizes.get(url) ?? null, lesson: lesson.id, personal: false, page: false });
  }
  add({ url: manifest.page_url, bytes: null, lesson: null, personal: false, page: true });
  add({ url: manifest.api_url, bytes: manifest.api_bytes, lesson: null, personal, page: false });
  add({ url: api(coursesPaths.courseLessons, manifest.course_id), bytes: null, lesson: null, personal, page: false });
  for (const image of manifest.images) add({ url: image.url, bytes: image.bytes, lesson: null, personal: false, page: false });
  return { kind: 'course', id: manifest.course_id, title, version: manifest.version, owner, lessonIds: manifest.lessons.map((l) => l.id), entries, membersOnly };
}

/** Where a download stopped for want of a connection (the device went offline, or the network failed). */
export class ConnectionLost extends Error {
  constructor(readonly url: string) {
    super(`The connection was lost while saving ${url}.`);
    this.name = 'ConnectionLost';
  }
}

/** An entry the site refused or could not answer. */
export class EntryRefused extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`The site answered ${status} for ${url}.`);
    this.name = 'EntryRefused';
  }
}

export interface Progress {
  bytesDone: number;
  /** What the whole save is expected to weigh; grows when the entries prove larger. */
  bytesTotal: number;
  lessonsDone: number;
  lessonsTotal: number;
}

export interface DownloadOptions {
  cache: Cache;
  /**
   * The reader's token for personal entries, asked for each one: a long save outlives an access token, and
   * the session refreshes an expired one.
   */
  token?: () => Promise<string | undefined>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
  /** Entries fetched at once. */
  concurrency?: number;
}

export interface DownloadResult {
  /** Bytes stored for the whole plan (entries stored before included). */
  bytes: number;
  urls: string[];
}

async function storedSize(cache: Cache, url: string): Promise<number | null> {
  const stored = await cache.match(url, { ignoreVary: true });
  return stored ? (await stored.blob()).size : null;
}

/** Which entries are stored already, with their sizes: what a save still needs and what it already has. */
export async function storedEntries(cache: Cache, plan: DownloadPlan): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const entry of plan.entries) {
    const size = await storedSize(cache, entry.url);
    if (size !== null) found.set(entry.url, size);
  }
  return found;
}

/** Bytes the entries not stored yet are expected to take. */
export function bytesStillNeeded(plan: DownloadPlan, stored: Map<string, number>, refetch: (entry: PlanEntry) => boolean = () => false): number {
  return plan.entries.filter((e) => !stored.has(e.url) || refetch(e)).reduce((sum, e) => sum + expectedBytes(e), 0);
}

/**
 * Fetches every entry of the plan that is not stored (or that `refetch` says must be fetched again: the
 * pages and API answers of a course whose version changed) into `cache`, reporting progress. A response the
 * worker answered from its own caches while offline is not a download: the save stops as a lost connection.
 */
export async function downloadPlan(
  plan: DownloadPlan,
  options: DownloadOptions,
  refetch: (entry: PlanEntry) => boolean = () => false,
): Promise<DownloadResult> {
  const { cache } = options;
  // One failure stops the other fetches too, so nothing is stored after the save has stopped.
  const stop = new AbortController();
  const outer = options.signal;
  const onAbort = () => stop.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  const signal = stop.signal;
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const remaining = new Map<number, number>();
  for (const entry of plan.entries) if (entry.lesson !== null) remaining.set(entry.lesson, (remaining.get(entry.lesson) ?? 0) + 1);
  const progress: Progress = {
    bytesDone: 0,
    bytesTotal: plan.entries.reduce((sum, e) => sum + expectedBytes(e), 0),
    lessonsDone: 0,
    lessonsTotal: plan.lessonIds.length,
  };
  const sizes = new Map<string, number>();
  const settle = (entry: PlanEntry, size: number) => {
    sizes.set(entry.url, size);
    progress.bytesDone += size;
    // The estimate of unknown sizes is replaced by what the entry weighs.
    progress.bytesTotal += size - expectedBytes(entry);
    progress.bytesTotal = Math.max(progress.bytesTotal, progress.bytesDone);
    if (entry.lesson !== null) {
      const left = (remaining.get(entry.lesson) ?? 1) - 1;
      remaining.set(entry.lesson, left);
      if (left === 0) progress.lessonsDone += 1;
    }
    options.onProgress?.({ ...progress });
  };

  const fetchEntry = async (entry: PlanEntry) => {
    signal.throwIfAborted();
    if (!refetch(entry)) {
      const size = await storedSize(cache, entry.url);
      if (size !== null) return settle(entry, size);
    }
    const attempt = async () => {
      const headers = new Headers();
      if (entry.page) headers.set('accept', 'text/html');
      const token = entry.personal ? await options.token?.() : undefined;
      if (token) headers.set('authorization', `Bearer ${token}`);
      try {
        return await send(entry.url, { headers, credentials: 'same-origin', cache: 'no-store', signal });
      } catch (err) {
        if (signal.aborted) throw signal.reason;
        throw Object.assign(new ConnectionLost(entry.url), { cause: err });
      }
    };
    let response = await attempt();
    // A token that expired on the way: once more, with the one the session has now.
    if (response.status === 401 && entry.personal && options.token) response = await attempt();
    if (isDeviceCopy(response)) throw new ConnectionLost(entry.url);
    if (!response.ok) throw new EntryRefused(entry.url, response.status);
    const body = await response.blob();
    signal.throwIfAborted();
    // The body is stored decoded: its encoding and length headers would no longer describe it.
    const kept = new Headers(response.headers);
    kept.delete('content-encoding');
    kept.delete('content-length');
    await cache.put(entry.url, new Response(body, { status: response.status, statusText: response.statusText, headers: kept }));
    settle(entry, body.size);
  };

  const queue = [...plan.entries];
  const workers = Array.from({ length: Math.max(1, options.concurrency ?? 3) }, async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) await fetchEntry(entry);
  });
  try {
    await Promise.all(workers.map((worker) => worker.catch((err: unknown) => {
      if (!stop.signal.aborted) stop.abort(err);
      throw err;
    })));
  } catch {
    // The first failure is the save's (an abort from outside is the caller's reason).
    await Promise.allSettled(workers);
    throw stop.signal.reason;
  } finally {
    outer?.removeEventListener('abort', onAbort);
  }
  return { bytes: [...sizes.values()].reduce((a, b) => a + b, 0), urls: plan.entries.map((e) => e.url) };
}
