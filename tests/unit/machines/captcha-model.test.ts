import { describe, expect, it } from 'vitest';
import { getSimplePaths, type Step } from 'xstate/graph';
import { CAPTCHA_MESSAGES, captchaWorkers, validateChallenge } from '../../../src/web/lib/captcha/captcha-challenge.js';
import {
  captchaMachine,
  captchaMessage,
  type CaptchaEvent,
  type CaptchaInput,
  type CaptchaSnapshot,
} from '../../../src/web/lib/captcha/captcha-machine.js';
import { CHALLENGE_URL, LOADS, SOLUTIONS, startCaptcha, VALID_CHALLENGE, type CaptchaHarness } from './captcha-fixtures.js';
import { flush, transitionPaths } from './model-paths.js';

const FETCH_FAILED: CaptchaEvent = { type: 'FAILED', reason: 'Network Error' };
const SOLVER_FAILED: CaptchaEvent = { type: 'FAILED', reason: 'Worker crashed' };

const inLoading = (s: CaptchaSnapshot) => s.matches({ verifying: 'loading' });
const inFetching = (s: CaptchaSnapshot) => s.matches({ verifying: { loading: 'fetching' } });
const inSolving = (s: CaptchaSnapshot) => s.matches({ verifying: 'solving' });

function modelEvents(snapshot: CaptchaSnapshot): CaptchaEvent[] {
  const events: CaptchaEvent[] = [{ type: 'VERIFY' }, { type: 'EXPIRE' }, { type: 'RESET' }];
  if (inLoading(snapshot)) events.push(...LOADS.map((l) => l.event), FETCH_FAILED);
  if (inSolving(snapshot)) events.push(...SOLUTIONS.map((s) => s.event), SOLVER_FAILED);
  return events;
}

function label(event: CaptchaEvent): string {
  if (event.type === 'CHALLENGE_LOADED') return `CHALLENGE_LOADED(${LOADS.find((l) => l.event === event)?.name ?? '?'})`;
  if (event.type === 'SOLVED') return `SOLVED(${SOLUTIONS.find((s) => s.event === event)?.name ?? '?'})`;
  if (event.type === 'FAILED') return `FAILED(${event.reason})`;
  return event.type;
}

const serializeState = (snapshot: CaptchaSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    error: snapshot.context.error,
    payload: snapshot.context.payload,
    challenge: snapshot.context.challenge?.challenge ?? null,
  });

/** Carries out one model event: a load or a solution answers the pending request, else the host sends it. */
async function perform(harness: CaptchaHarness, event: CaptchaEvent): Promise<void> {
  const before = harness.actor.getSnapshot();
  if (event.type === 'CHALLENGE_LOADED' && inFetching(before)) {
    harness.fetches.at(-1)!.answer.resolve({ status: event.status, data: event.data });
  } else if (event.type === 'FAILED' && inFetching(before)) {
    harness.fetches.at(-1)!.answer.reject(new Error(event.reason));
  } else if (event.type === 'SOLVED' && inSolving(before)) {
    harness.solves.at(-1)!.answer.resolve({ payload: event.payload, ...(event.classification ? { classification: event.classification } : {}) });
  } else if (event.type === 'FAILED' && inSolving(before)) {
    harness.solves.at(-1)!.answer.reject(new Error(event.reason));
  } else if ((event.type as string) !== 'xstate.init') {
    harness.actor.send(event);
  }
  await flush();
}

// Oracles written from SPEC sections 4, 5 and 8, independently of the machine's configuration.

const topState = (s: CaptchaSnapshot) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]);

/** The top state SPEC section 4 names for an event, when it names one. */
function expectedTopStateAfter(prev: CaptchaSnapshot, event: CaptchaEvent, input: CaptchaInput): string | null {
  if (event.type === 'RESET') return 'unverified';
  if (event.type === 'EXPIRE') return input.challengeUrl && prev.matches('verified') ? 'verifying' : 'expired';
  if (event.type === 'VERIFY' && (prev.matches('unverified') || prev.matches('error') || prev.matches('expired'))) return 'verifying';
  if (event.type === 'FAILED') return 'error';
  return null;
}

function expectedError(prev: CaptchaSnapshot, event: CaptchaEvent, input: CaptchaInput) {
  if (event.type === 'RESET' || event.type === 'EXPIRE') return null;
  if (event.type === 'VERIFY') return prev.matches('verified') || prev.matches('verifying') ? prev.context.error : null;
  if (event.type === 'FAILED') return { key: CAPTCHA_MESSAGES.failed, reason: event.reason };
  if (event.type === 'CHALLENGE_LOADED') return LOADS.find((l) => l.event === event)!.error;
  if (event.type === 'SOLVED') {
    if (!event.payload) return { key: CAPTCHA_MESSAGES.noSolution };
    if (input.blockSpam && event.classification === 'BAD') return { key: CAPTCHA_MESSAGES.failed };
    return null;
  }
  return prev.context.error;
}

const CONFIGS: Array<{ name: string; input: CaptchaInput }> = [
  { name: 'challenge URL, blockspam', input: { challengeUrl: CHALLENGE_URL, blockSpam: true, hardwareConcurrency: 4 } },
  { name: 'challenge URL, no blockspam', input: { challengeUrl: CHALLENGE_URL } },
  { name: 'challenge handed in by the host', input: { hardwareConcurrency: 64 } },
];

async function runPath(input: CaptchaInput, steps: Array<Step<CaptchaSnapshot, CaptchaEvent>>): Promise<void> {
  const harness = startCaptcha(input);
  let prev: CaptchaSnapshot | undefined;
  for (const step of steps) {
    const before = { fetches: harness.fetches.length, solves: harness.solves.length };
    await perform(harness, step.event);
    const snapshot = harness.actor.getSnapshot();

    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    expect(captchaMessage(snapshot)).toEqual(captchaMessage(step.state));
    if (prev) {
      const top = expectedTopStateAfter(prev, step.event, input);
      if (top) expect(topState(snapshot)).toBe(top);
      expect(snapshot.context.error).toEqual(expectedError(prev, step.event, input));
    }
    expect(snapshot.context.payload !== null).toBe(snapshot.matches('verified'));
    if (snapshot.matches('error')) expect(captchaMessage(snapshot)).toEqual(snapshot.context.error);
    if (snapshot.matches('verifying')) expect(captchaMessage(snapshot)).toEqual({ key: CAPTCHA_MESSAGES.verifying });
    if (snapshot.matches('expired')) expect(captchaMessage(snapshot)).toEqual({ key: CAPTCHA_MESSAGES.expired });

    // One request on entering fetching, one solver run on entering solving; walked-away work is aborted.
    const newFetches = harness.fetches.slice(before.fetches).map((f) => f.url);
    expect(newFetches).toEqual(inFetching(snapshot) && !(prev && inFetching(prev)) ? [CHALLENGE_URL] : []);
    const newSolves = harness.solves.slice(before.solves).map((s) => s.input);
    const solving = inSolving(snapshot) && !(prev && inSolving(prev));
    const challenge = validateChallenge(VALID_CHALLENGE);
    expect(newSolves).toEqual(
      solving && challenge.ok
        ? [{ challenge: challenge.challenge, maxNumber: VALID_CHALLENGE.maxnumber, workers: captchaWorkers(input.hardwareConcurrency) }]
        : [],
    );
    if (prev && inFetching(prev) && !inFetching(snapshot) && step.event.type !== 'CHALLENGE_LOADED' && step.event.type !== 'FAILED') {
      expect(harness.fetches.at(-1)!.signal.aborted).toBe(true);
    }
    if (prev && inSolving(prev) && !inSolving(snapshot) && step.event.type !== 'SOLVED' && step.event.type !== 'FAILED') {
      expect(harness.solves.at(-1)!.signal.aborted).toBe(true);
    }
    prev = step.state;
  }
  harness.actor.stop();
}

describe.each(CONFIGS)('captcha machine, model-based ($name)', ({ input }) => {
  const options = { input, events: modelEvents, serializeState, label };
  const paths = transitionPaths(captchaMachine, options);

  it('the model reaches every state the configuration allows and every message', () => {
    const values = new Set(paths.map((p) => JSON.stringify(p.steps.at(-1)!.state.value)));
    const loading = input.challengeUrl ? 'fetching' : 'waiting';
    expect([...values].sort()).toEqual(
      [
        '"unverified"',
        `{"verifying":{"loading":"${loading}"}}`,
        '{"verifying":"solving"}',
        '"verified"',
        '"error"',
        '"expired"',
      ].sort(),
    );
    const errors = new Set(paths.map((p) => p.steps.at(-1)!.state.context.error?.key ?? null));
    expect(errors).toEqual(
      new Set([
        null,
        CAPTCHA_MESSAGES.failed,
        CAPTCHA_MESSAGES.serverStatus,
        CAPTCHA_MESSAGES.unknownAlgorithm,
        CAPTCHA_MESSAGES.signatureMissing,
        CAPTCHA_MESSAGES.challengeTooShort,
        CAPTCHA_MESSAGES.saltTooShort,
        CAPTCHA_MESSAGES.noSolution,
      ]),
    );
  });

  it.each(paths.map((p) => [p.name, p.steps] as const))('%s', async (_name, steps) => {
    await runPath(input, steps);
  });

  it('every simple path to "verified" ends with the payload stored', async () => {
    const simple = getSimplePaths(captchaMachine, { ...options, toState: (s) => s.matches('verified') });
    expect(simple.length).toBeGreaterThan(0);
    for (const path of simple) {
      await runPath(input, path.steps);
      expect(path.state.context.payload).not.toBeNull();
    }
  });
});
