import type { LessonProgress } from '../../../shared/api/courses.js';
import { coursesPaths } from '../../../shared/api/courses-paths.js';
import type { LecternDb, ProgressOutboxEntry } from '../db.js';
import { isAlreadyDone } from '../already-done.js';
import { ApiError, pathOf, type HttpClient } from '../http.js';

/*
 * Progress made offline (a lesson marked done with no connection) waits in Dexie (`progressOutbox`) and is
 * sent, oldest first, when the connection returns (`online`) and when the app starts. Each write carries the
 * device's time of the change, so the server's rule decides a conflict: the later change wins per lesson and
 * "done" never reverts. Its answers (the lesson's progress as the server now holds it) replace what the page
 * showed. Background Sync exists in Chromium only, so this replay by the page is the mechanism everywhere.
 */

export type QueuedProgress = Omit<ProgressOutboxEntry, 'seq'>;

export function queueProgress(db: LecternDb, entry: QueuedProgress): Promise<number> {
  return db.progressOutbox.add({ ...entry });
}

export async function pendingCount(db: LecternDb, userId: number): Promise<number> {
  return db.progressOutbox.where('user_id').equals(userId).count();
}

/** Lessons of a user marked done here and not sent yet. */
export async function queuedDoneLessons(db: LecternDb, userId: number): Promise<Set<number>> {
  const rows = await db.progressOutbox.where('user_id').equals(userId).toArray();
  return new Set(rows.filter((row) => row.done).map((row) => row.lesson_id));
}

export interface FlushResult {
  /** The server's answers, one per entry sent. */
  sent: LessonProgress[];
  /** Entries the server refused for good (the course may no longer be read, the lesson is gone): dropped. */
  refused: QueuedProgress[];
  /** Entries still waiting (the connection failed again, the server is down). */
  left: number;
}

/** A refusal that sending again cannot change: the entry is dropped rather than blocking the queue. */
const isFinal = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 408 && err.status !== 429;

/**
 * Sends one entry. A "done" the server holds already (409: marked on another device, or sent by this one before
 * an answer that was lost) is sent all the same: its answer is the lesson's progress as the server holds it.
 */
async function send(http: HttpClient, entry: QueuedProgress): Promise<LessonProgress> {
  const path = pathOf(coursesPaths.lessonProgress, { id: entry.lesson_id });
  try {
    return await http.put<LessonProgress>(path, { done: entry.done, position: entry.position, client_updated_at: entry.client_updated_at });
  } catch (err) {
    if (!entry.done || !isAlreadyDone(err)) throw err;
    return http.get<LessonProgress>(path);
  }
}

/**
 * Sends a user's queued progress, oldest first, and removes each entry the server answered. Stops at the first
 * entry that could not be sent for now (offline, server error, an expired session), keeping it and those after.
 */
export async function flushOutbox(db: LecternDb, http: HttpClient, userId: number): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], left: 0 };
  const rows = await db.progressOutbox.where('user_id').equals(userId).sortBy('seq');
  for (const [index, row] of rows.entries()) {
    const { seq, ...entry } = row;
    try {
      result.sent.push(await send(http, entry));
    } catch (err) {
      if (!isFinal(err)) {
        result.left = rows.length - index;
        return result;
      }
      result.refused.push(entry);
    }
    await db.progressOutbox.delete(seq!);
  }
  return result;
}

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** One tab sends at a time (a tab that finds the queue being sent leaves it to that tab). */
async function underLock<T>(work: () => Promise<T>): Promise<T | null> {
  const locks = (typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }).locks : undefined) ?? null;
  if (!locks) return work();
  return locks.request('lectern-progress-outbox', { ifAvailable: true }, async (lock) => (lock ? work() : null));
}

type Listener = (result: FlushResult) => void;
const listeners = new Set<Listener>();
let lastSent: FlushResult | null = null;

function publish(result: FlushResult): void {
  lastSent = result;
  for (const listener of listeners) listener(result);
}

/** Whichever tab sent the queue, every tab of the site hears the server's answers (browser only). */
let channel: BroadcastChannel | null | undefined;
function outboxChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('lectern-progress-outbox') : null;
  channel?.addEventListener('message', (event: MessageEvent<FlushResult>) => publish(event.data));
  return channel;
}

/** Subscribes to the answers of each flush that sent something, in this tab or another (the pages show them). */
export function onOutboxSent(listener: Listener): () => void {
  outboxChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last flush that sent something, in this tab. */
export const lastOutboxResult = () => lastSent;

/**
 * Sends the user's queue now and whenever the browser comes back online; `onSent` gets each flush's answers.
 * Returns the stop function (the session's user changed, the app closed).
 */
export function startOutboxSync(db: LecternDb, http: HttpClient, userId: number, onSent?: Listener): () => void {
  let stopped = false;
  const unsubscribe = onSent ? onOutboxSent(onSent) : () => false;
  const run = () => {
    if (stopped || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
    void underLock(() => flushOutbox(db, http, userId))
      .then((result) => {
        if (stopped || !result || (result.sent.length === 0 && result.refused.length === 0)) return;
        publish(result);
        outboxChannel()?.postMessage(result);
      })
      .catch(() => undefined);
  };
  run();
  window.addEventListener('online', run);
  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('online', run);
  };
}

/** A call that never reached the site (the device is offline, or the network failed): its change waits here. */
export function isConnectionFailure(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0 && (err.code === 'offline' || err.code === 'network');
}
