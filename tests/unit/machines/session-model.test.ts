import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Step } from 'xstate/graph';
import { AUTH_DEBOUNCE_MS } from '../../../src/shared/constants.js';
import {
  SESSION_OUTCOMES,
  sessionMachine,
  type SessionEvent,
  type SessionOutcome,
  type SessionSnapshot,
} from '../../../src/web/lib/session/machines/session-machine.js';
import { EMPTY_TOKENS, normalizeRefreshResponse, sameTokens } from '../../../src/web/lib/session/machines/session-tokens.js';
import { flush, transitionPaths } from './model-paths.js';
import {
  ALL_EXPIRED,
  FRESH,
  loginEvent,
  now,
  REFRESH_ALT,
  REFRESH_FULL,
  REFRESH_UNUSABLE,
  STALE_ACCESS,
  startSession,
  tokensOf,
  unanswered,
  unauthorized,
  type Persisted,
  type SessionHarness,
} from './session-fixtures.js';

// The events the machine gets from its own timers and invoked calls; the model lists them like any other.
const AFTER_VERIFY = 'xstate.after.authDebounce.session.verifying.debouncing';
const AFTER_REFRESH = 'xstate.after.authDebounce.session.refreshing.debouncing';
const VERIFY_DONE = 'xstate.done.actor.verifyToken';
const VERIFY_ERROR = 'xstate.error.actor.verifyToken';
const REFRESH_DONE = 'xstate.done.actor.refreshToken';
const REFRESH_ERROR = 'xstate.error.actor.refreshToken';

type InternalEvent = { type: string; output?: unknown; error?: unknown };
const internal = (event: InternalEvent) => event as unknown as SessionEvent;
const asInternal = (event: SessionEvent) => event as unknown as InternalEvent;

const OTHER_TAB_LOGIN: SessionEvent = { type: 'AUTH_STATE_CHANGED', state: { ...FRESH, access_token: 'access-other-tab', isLogin: 1 } };
const OTHER_TAB_LOGOUT: SessionEvent = { type: 'AUTH_STATE_CHANGED', state: { ...EMPTY_TOKENS, isLogin: 0 } };

const userEvents: SessionEvent[] = [
  { type: 'VERIFY' },
  { type: 'REFRESH' },
  loginEvent(FRESH),
  loginEvent(STALE_ACCESS),
  loginEvent(ALL_EXPIRED),
  { type: 'LOGOUT' },
  OTHER_TAB_LOGIN,
  OTHER_TAB_LOGOUT,
];

function modelEvents(snapshot: SessionSnapshot): SessionEvent[] {
  const events = [...userEvents];
  if (snapshot.matches({ verifying: 'debouncing' })) events.push(internal({ type: AFTER_VERIFY }));
  if (snapshot.matches({ refreshing: 'debouncing' })) events.push(internal({ type: AFTER_REFRESH }));
  if (snapshot.matches({ verifying: 'calling' })) {
    events.push(
      internal({ type: VERIFY_DONE, output: { detail: 'ok' } }),
      internal({ type: VERIFY_ERROR, error: unauthorized() }),
      internal({ type: VERIFY_ERROR, error: unanswered() }),
    );
  }
  if (snapshot.matches({ refreshing: 'calling' })) {
    events.push(
      internal({ type: REFRESH_DONE, output: REFRESH_FULL }),
      internal({ type: REFRESH_DONE, output: REFRESH_ALT }),
      internal({ type: REFRESH_DONE, output: REFRESH_UNUSABLE }),
      internal({ type: REFRESH_ERROR, error: unauthorized() }),
      internal({ type: REFRESH_ERROR, error: unanswered() }),
    );
  }
  return events;
}

function label(event: SessionEvent): string {
  const { type, output, error } = asInternal(event);
  const status = (error as { status?: number } | undefined)?.status;
  if (event.type === 'LOGIN') return `LOGIN(${event.response.access})`;
  if (event.type === 'AUTH_STATE_CHANGED') return `AUTH_STATE_CHANGED(${event.state.access_token || 'logged out'})`;
  if (type === AFTER_VERIFY) return '500 ms (verify)';
  if (type === AFTER_REFRESH) return '500 ms (refresh)';
  if (type === VERIFY_DONE) return 'verify ok';
  if (type === VERIFY_ERROR) return status === 0 ? 'verify unanswered' : 'verify 401';
  if (type === REFRESH_DONE) return `refresh ok(${JSON.stringify(output)})`;
  if (type === REFRESH_ERROR) return status === 0 ? 'refresh unanswered' : 'refresh 401';
  return type;
}

const serializeState = (snapshot: SessionSnapshot) =>
  JSON.stringify({ value: snapshot.value, tokens: tokensOf(snapshot.context), outcome: snapshot.context.outcome });

const modelOptions = { input: { now }, events: modelEvents, serializeState, label };

/** Carries out one model event on the live actor: a user event is sent, a timer advanced, a call answered. */
async function perform(harness: SessionHarness, event: SessionEvent): Promise<void> {
  const { type, output, error } = asInternal(event);
  if (type === AFTER_VERIFY || type === AFTER_REFRESH) await vi.advanceTimersByTimeAsync(AUTH_DEBOUNCE_MS);
  else if (type === VERIFY_DONE) harness.verifyCalls.at(-1)!.answer.resolve(output);
  else if (type === VERIFY_ERROR) harness.verifyCalls.at(-1)!.answer.reject(error);
  else if (type === REFRESH_DONE) harness.refreshCalls.at(-1)!.answer.resolve(output);
  else if (type === REFRESH_ERROR) harness.refreshCalls.at(-1)!.answer.reject(error);
  else if (type !== 'xstate.init') harness.actor.send(event);
  await flush();
}

// Oracles: what SPEC section 4 says must happen, written independently of the machine's configuration.

function expectedPersistence(step: Step<SessionSnapshot, SessionEvent>): Persisted[] {
  const { type } = asInternal(step.event);
  if (type === 'xstate.init' || type === 'AUTH_STATE_CHANGED') return [];
  if (step.state.matches('loggedOut')) return [{ kind: 'logout' }];
  if (step.event.type === 'LOGIN') return [{ kind: 'login', params: { tokens: tokensOf(step.state.context), user: step.event.response.user } }];
  if (type === REFRESH_DONE) return [{ kind: 'login', params: { tokens: tokensOf(step.state.context) } }];
  return [];
}

function expectedOutcome(prev: SessionSnapshot, event: SessionEvent, next: SessionSnapshot): SessionOutcome | null {
  const { type, output, error } = asInternal(event);
  // A call that got no answer says nothing about the tokens: the session keeps them and its outcome.
  if ((type === VERIFY_ERROR || type === REFRESH_ERROR) && (error as { status?: number }).status === 0 && prev.context.access_token !== '') {
    expect(next.matches('loggedIn')).toBe(true);
    return prev.context.outcome;
  }
  if (event.type === 'LOGIN' || event.type === 'LOGOUT') return null;
  if (event.type === 'AUTH_STATE_CHANGED') return sameTokens(prev.context, event.state) ? prev.context.outcome : null;
  if (type === VERIFY_DONE) return SESSION_OUTCOMES.valid;
  if (type === REFRESH_DONE) return normalizeRefreshResponse(output) ? SESSION_OUTCOMES.refreshed : SESSION_OUTCOMES.invalid;
  if (type === REFRESH_ERROR) return SESSION_OUTCOMES.invalid;
  if ((type === AFTER_VERIFY || type === AFTER_REFRESH || type === VERIFY_ERROR) && next.matches('loggedOut')) {
    const missing = (type === AFTER_VERIFY && prev.context.access_token === '') || prev.context.refresh_token === '';
    return missing ? SESSION_OUTCOMES.noToken : SESSION_OUTCOMES.invalid;
  }
  return prev.context.outcome;
}

const inVerifyCall = (s: SessionSnapshot) => s.matches({ verifying: 'calling' });
const inRefreshCall = (s: SessionSnapshot) => s.matches({ refreshing: 'calling' });

async function runPath(steps: Array<Step<SessionSnapshot, SessionEvent>>): Promise<void> {
  const harness = startSession({ now });
  let prev: SessionSnapshot | undefined;
  for (const step of steps) {
    const before = { persisted: harness.persisted.length, verify: harness.verifyCalls.length, refresh: harness.refreshCalls.length };
    await perform(harness, step.event);
    const snapshot = harness.actor.getSnapshot();
    const { type } = asInternal(step.event);

    expect(snapshot.value).toEqual(step.state.value);
    expect(tokensOf(snapshot.context)).toEqual(tokensOf(step.state.context));
    expect(snapshot.context.outcome).toBe(step.state.context.outcome);
    expect(harness.persisted.slice(before.persisted)).toEqual(expectedPersistence(step));
    if (prev) expect(snapshot.context.outcome).toBe(expectedOutcome(prev, step.event, step.state));
    if (snapshot.matches('loggedOut')) expect(tokensOf(snapshot.context)).toEqual(EMPTY_TOKENS);
    if (snapshot.matches('loggedIn')) expect(snapshot.context.access_token).not.toBe('');

    // One server call on entering a calling state, carrying the token of the moment; none otherwise.
    const newVerify = harness.verifyCalls.slice(before.verify);
    const newRefresh = harness.refreshCalls.slice(before.refresh);
    expect(newVerify.map((c) => c.input)).toEqual(
      inVerifyCall(snapshot) && !(prev && inVerifyCall(prev)) ? [{ token: snapshot.context.access_token }] : [],
    );
    expect(newRefresh.map((c) => c.input)).toEqual(
      inRefreshCall(snapshot) && !(prev && inRefreshCall(prev)) ? [{ refresh: snapshot.context.refresh_token }] : [],
    );
    // A call the session walked away from is cancelled.
    if (prev && inVerifyCall(prev) && !inVerifyCall(snapshot) && type !== VERIFY_DONE && type !== VERIFY_ERROR) {
      expect(harness.verifyCalls.at(-1)!.signal.aborted).toBe(true);
    }
    if (prev && inRefreshCall(prev) && !inRefreshCall(snapshot) && type !== REFRESH_DONE && type !== REFRESH_ERROR) {
      expect(harness.refreshCalls.at(-1)!.signal.aborted).toBe(true);
    }
    prev = step.state;
  }
  harness.actor.stop();
}

describe('session machine, model-based: every transition of the model on a live actor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const paths = transitionPaths(sessionMachine, modelOptions);

  it('the model reaches every state and every outcome', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.steps.at(-1)!.state.value)));
    expect([...reached].sort()).toEqual(
      [
        '"idle"',
        '"loggedIn"',
        '"loggedOut"',
        '{"refreshing":"calling"}',
        '{"refreshing":"debouncing"}',
        '{"verifying":"calling"}',
        '{"verifying":"debouncing"}',
      ].sort(),
    );
    const outcomes = new Set(paths.map((p) => p.steps.at(-1)!.state.context.outcome));
    expect(outcomes).toEqual(new Set([null, ...Object.values(SESSION_OUTCOMES)]));
  });

  it.each(paths.map((p) => [p.name, p.steps] as const))('%s', async (_name, steps) => {
    await runPath(steps);
  });
});
