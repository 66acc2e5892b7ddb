import { createActor, fromPromise } from 'xstate';
import type { Step } from 'xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_DEBOUNCE_MS } from '../../../src/shared/constants.js';
import {
  membershipMachine,
  type MembershipEvent,
  type MembershipRef,
  type MembershipSnapshot,
} from '../../../src/web/lib/session/machines/membership-machine.js';
import { deferred, flush, transitionPaths, type Deferred } from './model-paths.js';

const AFTER = 'xstate.after.authDebounce.membership.debouncing';
const USER_DONE = 'xstate.done.actor.0.membership.fetchingUser';
const USER_ERROR = 'xstate.error.actor.0.membership.fetchingUser';
const MEMBERSHIP_DONE = 'xstate.done.actor.0.membership.fetchingMembership';
const MEMBERSHIP_ERROR = 'xstate.error.actor.0.membership.fetchingMembership';
const SUBSCRIPTION_DONE = 'xstate.done.actor.0.membership.fetchingSubscription';
const SUBSCRIPTION_ERROR = 'xstate.error.actor.0.membership.fetchingSubscription';

type InternalEvent = { type: string; output?: unknown; error?: unknown };
const internal = (event: InternalEvent) => event as unknown as MembershipEvent;
const asInternal = (event: MembershipEvent) => event as unknown as InternalEvent;

const PREMIUM: MembershipRef = { id: 11, membership_slug: 'premium' };
const BASIC: MembershipRef = { id: 12, membership_slug: 'basic' };
const USER = { id: 7 };
const down = () => Object.assign(new Error('Request failed with status code 503'), { status: 503 });

function modelEvents(snapshot: MembershipSnapshot): MembershipEvent[] {
  const events: MembershipEvent[] = [
    { type: 'VERIFY', token: 'access-1' },
    { type: 'VERIFY', token: '' },
  ];
  if (snapshot.matches('debouncing')) events.push(internal({ type: AFTER }));
  if (snapshot.matches('fetchingUser')) events.push(internal({ type: USER_DONE, output: USER }), internal({ type: USER_ERROR, error: down() }));
  if (snapshot.matches('fetchingMembership')) {
    events.push(
      internal({ type: MEMBERSHIP_DONE, output: PREMIUM }),
      internal({ type: MEMBERSHIP_DONE, output: BASIC }),
      internal({ type: MEMBERSHIP_DONE, output: null }),
      internal({ type: MEMBERSHIP_ERROR, error: down() }),
    );
  }
  if (snapshot.matches('fetchingSubscription')) {
    events.push(
      internal({ type: SUBSCRIPTION_DONE, output: { active: true } }),
      internal({ type: SUBSCRIPTION_DONE, output: { active: false } }),
      internal({ type: SUBSCRIPTION_DONE, output: null }),
      internal({ type: SUBSCRIPTION_ERROR, error: down() }),
    );
  }
  return events;
}

function label(event: MembershipEvent): string {
  const { type, output } = asInternal(event);
  if (event.type === 'VERIFY') return `VERIFY(${event.token || 'no token'})`;
  if (type === AFTER) return '500 ms';
  if (type.startsWith('xstate.done.actor')) return `${type.split('.').at(-1)} ok(${JSON.stringify(output)})`;
  if (type.startsWith('xstate.error.actor')) return `${type.split('.').at(-1)} 503`;
  return type;
}

const serializeState = (snapshot: MembershipSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

interface Call<I, O> {
  input: I;
  signal: AbortSignal;
  answer: Deferred<O>;
}

function startMembership() {
  const users: Array<Call<{ token: string }, { id: number }>> = [];
  const memberships: Array<Call<{ userId: number; token: string }, MembershipRef | null>> = [];
  const subscriptions: Array<Call<{ userMembershipId: number; token: string }, { active: boolean } | null>> = [];
  const written: Array<{ isMember: 0 | 1 } | 'logout'> = [];
  const machine = membershipMachine.provide({
    actors: {
      fetchUser: fromPromise(({ input, signal }) => {
        const answer = deferred<{ id: number }>();
        users.push({ input, signal, answer });
        return answer.promise;
      }),
      fetchMembership: fromPromise(({ input, signal }) => {
        const answer = deferred<MembershipRef | null>();
        memberships.push({ input, signal, answer });
        return answer.promise;
      }),
      fetchSubscription: fromPromise(({ input, signal }) => {
        const answer = deferred<{ active: boolean } | null>();
        subscriptions.push({ input, signal, answer });
        return answer.promise;
      }),
    },
    actions: {
      persistIsMember: (_, params) => {
        written.push(params);
      },
      logout: () => {
        written.push('logout');
      },
    },
  });
  const actor = createActor(machine).start();
  return { actor, users, memberships, subscriptions, written };
}

type Harness = ReturnType<typeof startMembership>;

async function perform(harness: Harness, event: MembershipEvent): Promise<void> {
  const { type, output, error } = asInternal(event);
  const settle = <O>(calls: Array<Call<unknown, O>>) =>
    type.startsWith('xstate.done') ? calls.at(-1)!.answer.resolve(output as O) : calls.at(-1)!.answer.reject(error);
  if (type === AFTER) await vi.advanceTimersByTimeAsync(AUTH_DEBOUNCE_MS);
  else if (type === USER_DONE || type === USER_ERROR) settle(harness.users as Array<Call<unknown, unknown>>);
  else if (type === MEMBERSHIP_DONE || type === MEMBERSHIP_ERROR) settle(harness.memberships as Array<Call<unknown, unknown>>);
  else if (type === SUBSCRIPTION_DONE || type === SUBSCRIPTION_ERROR) settle(harness.subscriptions as Array<Call<unknown, unknown>>);
  else if (type !== 'xstate.init') harness.actor.send(event);
  await flush();
}

// The oracle: SPEC section 4's rule, written apart from the machine's configuration.
function expectedWrites(prev: MembershipSnapshot | undefined, event: MembershipEvent): Array<{ isMember: 0 | 1 } | 'logout'> {
  const { type, output } = asInternal(event);
  if (type === AFTER && prev?.context.token === '') return [{ isMember: 0 }, 'logout'];
  if (type === MEMBERSHIP_DONE) {
    const membership = output as MembershipRef | null;
    return membership?.membership_slug === 'premium' ? [] : [{ isMember: 0 }];
  }
  if (type === SUBSCRIPTION_DONE) return [{ isMember: (output as { active: boolean } | null)?.active === true ? 1 : 0 }];
  return [];
}

async function runPath(steps: Array<Step<MembershipSnapshot, MembershipEvent>>): Promise<void> {
  const harness = startMembership();
  let prev: MembershipSnapshot | undefined;
  for (const step of steps) {
    const before = { written: harness.written.length, users: harness.users.length, memberships: harness.memberships.length, subscriptions: harness.subscriptions.length };
    await perform(harness, step.event);
    const snapshot = harness.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    expect(harness.written.slice(before.written)).toEqual(expectedWrites(prev, step.event));
    // Each call goes out once, on entering its state, with what the call before it answered.
    const { type, output } = asInternal(step.event);
    expect(harness.users.slice(before.users).map((c) => c.input)).toEqual(type === AFTER && prev?.context.token ? [{ token: prev.context.token }] : []);
    expect(harness.memberships.slice(before.memberships).map((c) => c.input)).toEqual(type === USER_DONE ? [{ userId: (output as { id: number }).id, token: prev!.context.token }] : []);
    expect(harness.subscriptions.slice(before.subscriptions).map((c) => c.input)).toEqual(
      type === MEMBERSHIP_DONE && (output as MembershipRef | null)?.membership_slug === 'premium' ? [{ userMembershipId: (output as MembershipRef).id, token: prev!.context.token }] : [],
    );
    // A check restarted by VERIFY cancels the call under way.
    if (step.event.type === 'VERIFY' && prev) {
      for (const [state, calls] of [['fetchingUser', harness.users], ['fetchingMembership', harness.memberships], ['fetchingSubscription', harness.subscriptions]] as const) {
        if (prev.matches(state)) expect(calls.at(-1)!.signal.aborted).toBe(true);
      }
    }
    prev = snapshot;
  }
  harness.actor.stop();
}

describe('membership machine, model-based: every transition of the model on a live actor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const paths = transitionPaths(membershipMachine, { events: modelEvents, serializeState, label });

  it('the model reaches every state and both answers', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.state.value))));
    expect([...reached].sort()).toEqual(
      ['"idle"', '"debouncing"', '"fetchingUser"', '"fetchingMembership"', '"fetchingSubscription"', '"member"', '"notMember"', '"loggedOut"', '"failed"'].sort(),
    );
    const answers = new Set(paths.map((p) => p.steps.at(-1)!.state.context.isMember));
    expect(answers).toEqual(new Set([null, 0, 1]));
  });

  it('is a member only with the premium plan and an active subscription', async () => {
    const harness = startMembership();
    harness.actor.send({ type: 'VERIFY', token: 'access-1' });
    await vi.advanceTimersByTimeAsync(AUTH_DEBOUNCE_MS);
    harness.users[0].answer.resolve(USER);
    await flush();
    harness.memberships[0].answer.resolve(PREMIUM);
    await flush();
    harness.subscriptions[0].answer.resolve({ active: true });
    await flush();
    expect(harness.actor.getSnapshot().value).toBe('member');
    expect(harness.written).toEqual([{ isMember: 1 }]);
    harness.actor.stop();
  });

  it.each(paths.map((p) => [p.name, p.steps] as const))('%s', async (_name, steps) => {
    await runPath(steps);
  });
});
