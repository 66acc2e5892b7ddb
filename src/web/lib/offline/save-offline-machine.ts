import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LibraryItem } from '../db.js';
import type { Progress } from './download.js';

/** What the reader asked to save: a course or an article, for the current viewer (0: a guest). */
export interface SaveRequest {
  kind: 'course' | 'article';
  id: number;
  title: string;
  owner: number;
  /** Only members may read it (a premium course): the copy goes when the saver's membership does. */
  membersOnly?: boolean;
}

/** The check before a download: what it needs and what the device offers. */
export interface Preparation {
  /** Bytes the entries not stored yet are expected to take. */
  neededBytes: number;
  /** Bytes the browser says this site may still use (quota minus usage); null when it cannot say. */
  availableBytes: number | null;
  lessonsTotal: number;
  /** Expected weight of the whole save, for the progress bar. */
  bytesTotal: number;
}

export type DownloadOutcome = { type: 'FINISHED'; item: LibraryItem } | { type: 'FAILED'; reason: FailureReason };

/** Why a save stopped: the connection went (it resumes once back online), or the site refused. */
export type FailureReason = 'offline' | 'refused';

/** A `prepare` that could not end says why with this error; any other error counts as a refusal. */
export class SaveStopped extends Error {
  constructor(readonly reason: FailureReason) {
    super(reason === 'offline' ? 'The connection was lost.' : 'The site refused the save.');
    this.name = 'SaveStopped';
  }
}

export type SaveEvent =
  | { type: 'SAVE'; request: SaveRequest }
  | { type: 'CANCEL' }
  | { type: 'RESUME' }
  | ({ type: 'PROGRESS' } & Progress)
  | DownloadOutcome;

export interface SaveContext {
  request: SaveRequest | null;
  progress: Progress;
  neededBytes: number;
  availableBytes: number | null;
  reason: FailureReason | null;
  saved: LibraryItem | null;
}

const NO_PROGRESS: Progress = { bytesDone: 0, bytesTotal: 0, lessonsDone: 0, lessonsTotal: 0 };

/**
 * Saving a course or an article for offline reading. `checking` reads what the save needs (the manifest,
 * what is stored already) and the browser's storage estimate: short of room it stops in `storage_short`
 * with nothing downloaded. `downloading` stores every entry, reporting PROGRESS, and ends FINISHED (the
 * library row written) or FAILED. CANCEL stops it at any point (`cancelled`: the partial entries are
 * discarded); a failed save RESUMEs (the page sends it when the connection returns), skipping what it stored.
 * Injected with `.provide()`: actors `prepare` and `download`, action `discardPartial`.
 */
export const saveOfflineMachine = setup({
  types: {
    context: {} as SaveContext,
    events: {} as SaveEvent,
  },
  actors: {
    // Fail closed until provided.
    prepare: fromPromise<Preparation, SaveRequest>(() => Promise.reject(new Error('prepare is not provided'))),
    download: fromCallback<SaveEvent, SaveRequest>(({ sendBack }) => {
      sendBack({ type: 'FAILED', reason: 'refused' });
    }),
  },
  actions: {
    discardPartial: (_, _params: { request: SaveRequest | null }) => undefined,
    start: assign((_, params: { request: SaveRequest }) => ({ request: params.request, reason: null, progress: NO_PROGRESS })),
    prepared: assign((_, params: { preparation: Preparation }) => ({
      neededBytes: params.preparation.neededBytes,
      availableBytes: params.preparation.availableBytes,
      progress: { ...NO_PROGRESS, bytesTotal: params.preparation.bytesTotal, lessonsTotal: params.preparation.lessonsTotal },
    })),
  },
  guards: {
    fits: (_, params: { preparation: Preparation }) =>
      params.preparation.availableBytes === null || params.preparation.neededBytes <= params.preparation.availableBytes,
  },
}).createMachine({
  id: 'saveOffline',
  context: { request: null, progress: NO_PROGRESS, neededBytes: 0, availableBytes: null, reason: null, saved: null },
  initial: 'idle',
  states: {
    idle: {
      on: { SAVE: { target: 'checking', actions: { type: 'start', params: ({ event }) => ({ request: event.request }) } } },
    },
    checking: {
      invoke: {
        src: 'prepare',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: { type: 'fits', params: ({ event }) => ({ preparation: event.output }) },
            target: 'downloading',
            actions: { type: 'prepared', params: ({ event }) => ({ preparation: event.output }) },
          },
          { target: 'storage_short', actions: { type: 'prepared', params: ({ event }) => ({ preparation: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: assign({ reason: ({ event }) => (event.error instanceof SaveStopped ? event.error.reason : 'refused') }),
        },
      },
      on: { CANCEL: 'cancelled' },
    },
    downloading: {
      invoke: { src: 'download', input: ({ context }) => context.request! },
      on: {
        PROGRESS: {
          actions: assign({
            progress: ({ event }) => ({ bytesDone: event.bytesDone, bytesTotal: event.bytesTotal, lessonsDone: event.lessonsDone, lessonsTotal: event.lessonsTotal }),
          }),
        },
        FINISHED: { target: 'done', actions: assign({ saved: ({ event }) => event.item }) },
        FAILED: { target: 'failed', actions: assign({ reason: ({ event }) => event.reason }) },
        CANCEL: 'cancelled',
      },
    },
    done: {
      on: { SAVE: { target: 'checking', actions: { type: 'start', params: ({ event }) => ({ request: event.request }) } } },
    },
    cancelled: {
      entry: { type: 'discardPartial', params: ({ context }) => ({ request: context.request }) },
      on: {
        SAVE: { target: 'checking', actions: { type: 'start', params: ({ event }) => ({ request: event.request }) } },
      },
    },
    failed: {
      on: {
        RESUME: { target: 'checking', actions: assign({ reason: null }) },
        SAVE: { target: 'checking', actions: { type: 'start', params: ({ event }) => ({ request: event.request }) } },
        CANCEL: 'cancelled',
      },
    },
    storage_short: {
      on: { SAVE: { target: 'checking', actions: { type: 'start', params: ({ event }) => ({ request: event.request }) } } },
    },
  },
});

export type SaveOfflineSnapshot = SnapshotFrom<typeof saveOfflineMachine>;
export type SaveOfflineRef = ActorRefFrom<typeof saveOfflineMachine>;
