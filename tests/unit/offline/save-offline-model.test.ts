import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Step } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  saveOfflineMachine,
  SaveStopped,
  type Preparation,
  type SaveEvent,
  type SaveOfflineSnapshot,
  type SaveRequest,
} from '../../../src/web/features/courses/machines/save-offline-machine.js';
import type { LibraryItem } from '../../../src/web/lib/db.js';
import { deferred, flush, transitionPaths, type Deferred } from '../machines/model-paths.js';

const CHECK_DONE = 'xstate.done.actor.0.saveOffline.checking';
const CHECK_ERROR = 'xstate.error.actor.0.saveOffline.checking';

type InternalEvent = { type: string; output?: unknown; error?: unknown };
const internal = (event: InternalEvent) => event as unknown as SaveEvent;
const asInternal = (event: SaveEvent) => event as unknown as InternalEvent;

const REQUEST: SaveRequest = { kind: 'course', id: 3, title: 'SQL', owner: 7 };
const FITS: Preparation = { neededBytes: 100, availableBytes: 1000, lessonsTotal: 2, bytesTotal: 100 };
const SHORT: Preparation = { neededBytes: 100, availableBytes: 10, lessonsTotal: 2, bytesTotal: 100 };
const ITEM: LibraryItem = { key: '7:course:3', kind: 'course', id: 3, title: 'SQL', size: 120, version: 'v1', saved_at: '2026-01-01T00:00:00.000Z', owner: 7, lesson_count: 2, urls: [] };

function modelEvents(snapshot: SaveOfflineSnapshot): SaveEvent[] {
  const events: SaveEvent[] = [{ type: 'SAVE', request: REQUEST }, { type: 'CANCEL' }, { type: 'RESUME' }];
  if (snapshot.matches('checking')) {
    events.push(
      internal({ type: CHECK_DONE, output: FITS }),
      internal({ type: CHECK_DONE, output: SHORT }),
      internal({ type: CHECK_ERROR, error: new SaveStopped('offline') }),
      internal({ type: CHECK_ERROR, error: new Error('403') }),
    );
  }
  if (snapshot.matches('downloading')) {
    events.push(
      { type: 'PROGRESS', bytesDone: 60, bytesTotal: 100, lessonsDone: 1, lessonsTotal: 2 },
      { type: 'FINISHED', item: ITEM },
      { type: 'FAILED', reason: 'offline' },
      { type: 'FAILED', reason: 'refused' },
    );
  }
  return events;
}

function label(event: SaveEvent): string {
  const { type, output, error } = asInternal(event);
  if (type === CHECK_DONE) return `checked(${output === FITS ? 'fits' : 'short'})`;
  if (type === CHECK_ERROR) return `check failed(${error instanceof SaveStopped ? error.reason : 'other'})`;
  if (event.type === 'FAILED') return `FAILED(${event.reason})`;
  return type;
}

const serializeState = (snapshot: SaveOfflineSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

/** The machine with recording actors: every check, every download (with its sendBack and whether it was stopped), every discard. */
function startSave() {
  const checks: Array<{ input: SaveRequest; answer: Deferred<Preparation> }> = [];
  const downloads: Array<{ input: SaveRequest; sendBack: (event: SaveEvent) => void; stopped: boolean }> = [];
  const discarded: Array<SaveRequest | null> = [];
  const machine = saveOfflineMachine.provide({
    actors: {
      prepare: fromPromise<Preparation, SaveRequest>(({ input }) => {
        const answer = deferred<Preparation>();
        checks.push({ input, answer });
        return answer.promise;
      }),
      download: fromCallback<SaveEvent, SaveRequest>(({ input, sendBack }) => {
        const run = { input, sendBack, stopped: false };
        downloads.push(run);
        return () => {
          run.stopped = true;
        };
      }),
    },
    actions: {
      discardPartial: (_, params) => {
        discarded.push(params.request);
      },
    },
  });
  const actor = createActor(machine).start();
  return { actor, checks, downloads, discarded };
}

type Harness = ReturnType<typeof startSave>;

async function perform(harness: Harness, event: SaveEvent): Promise<void> {
  const { type, output, error } = asInternal(event);
  if (type === CHECK_DONE) harness.checks.at(-1)!.answer.resolve(output as Preparation);
  else if (type === CHECK_ERROR) harness.checks.at(-1)!.answer.reject(error);
  // The download's own reports come through its sendBack, as in the app.
  else if (event.type === 'PROGRESS' || event.type === 'FINISHED' || event.type === 'FAILED') harness.downloads.at(-1)!.sendBack(event);
  else if (type !== 'xstate.init') harness.actor.send(event);
  await flush();
}

async function runPath(steps: Array<Step<SaveOfflineSnapshot, SaveEvent>>): Promise<void> {
  const harness = startSave();
  let previous = harness.actor.getSnapshot();
  for (const step of steps) {
    const before = { checks: harness.checks.length, downloads: harness.downloads.length, discarded: harness.discarded.length };
    const running = harness.downloads.at(-1);
    await perform(harness, step.event);
    const snapshot = harness.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    // No transition re-enters `checking` from itself: SAVE and RESUME are ignored while a check runs.
    const entered = (state: 'checking' | 'downloading' | 'cancelled') => snapshot.matches(state) && !previous.matches(state);
    // A check runs on every entry to `checking` (a save, an update, a resume), for the request in hand.
    expect(harness.checks.length - before.checks).toBe(entered('checking') ? 1 : 0);
    if (entered('checking')) expect(harness.checks.at(-1)!.input).toEqual(snapshot.context.request);
    // A download starts only after a check found room; leaving `downloading` stops it.
    expect(harness.downloads.length - before.downloads).toBe(snapshot.matches('downloading') && !previous.matches('downloading') ? 1 : 0);
    if (running && previous.matches('downloading')) expect(running.stopped).toBe(!snapshot.matches('downloading'));
    // The storage check refuses with nothing downloaded.
    if (snapshot.matches('storage_short')) expect(harness.downloads.length).toBe(before.downloads);
    // Partial entries are discarded exactly when a save is cancelled.
    expect(harness.discarded.length - before.discarded).toBe(snapshot.matches('cancelled') && !previous.matches('cancelled') ? 1 : 0);
    previous = snapshot;
  }
  harness.actor.stop();
}

describe('save-for-offline machine, model-based: every transition of the model on a live actor', () => {
  const paths = transitionPaths(saveOfflineMachine, { events: modelEvents, serializeState, label });

  it('the model reaches every state, both failure reasons and a finished save', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((step) => String(step.state.value))));
    expect([...reached].sort()).toEqual(['cancelled', 'checking', 'done', 'downloading', 'failed', 'idle', 'storage_short'].sort());
    const reasons = new Set(paths.flatMap((p) => p.steps.map((step) => step.state.context.reason)));
    expect(reasons).toEqual(new Set([null, 'offline', 'refused']));
    expect(paths.some((p) => p.steps.at(-1)!.state.context.saved?.key === ITEM.key)).toBe(true);
  });

  it('refuses a save short of storage with what it needs and what is free, and a retry checks again', async () => {
    const harness = startSave();
    harness.actor.send({ type: 'SAVE', request: REQUEST });
    harness.checks[0].answer.resolve(SHORT);
    await flush();
    expect(harness.actor.getSnapshot().value).toBe('storage_short');
    expect(harness.actor.getSnapshot().context).toMatchObject({ neededBytes: 100, availableBytes: 10 });
    expect(harness.downloads).toHaveLength(0);
    harness.actor.send({ type: 'SAVE', request: REQUEST });
    expect(harness.checks).toHaveLength(2);
    harness.actor.stop();
  });

  it('resumes a save the connection stopped: a new check, then a new download', async () => {
    const harness = startSave();
    harness.actor.send({ type: 'SAVE', request: REQUEST });
    harness.checks[0].answer.resolve(FITS);
    await flush();
    harness.downloads[0].sendBack({ type: 'FAILED', reason: 'offline' });
    expect(harness.actor.getSnapshot().context.reason).toBe('offline');
    expect(harness.downloads[0].stopped).toBe(true);
    harness.actor.send({ type: 'RESUME' });
    harness.checks[1].answer.resolve(FITS);
    await flush();
    expect(harness.actor.getSnapshot().value).toBe('downloading');
    expect(harness.downloads).toHaveLength(2);
    harness.actor.stop();
  });

  it.each(paths.map((p) => [p.name, p.steps] as const))('%s', async (_name, steps) => {
    await runPath(steps);
  });
});
