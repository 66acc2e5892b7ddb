import { createActor, fromPromise } from 'xstate';
import type { Step } from 'xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkoutMachine,
  POLL_MS,
  readCheckout,
  RESUMABLE_STEPS,
  saveCheckout,
  stepOf,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutInput,
  type CheckoutSnapshot,
  type PlacedOrder,
  type StartedPayment,
  type StatusAnswer,
} from '../../../src/web/features/shop/machines/checkout-machine.js';
import { deferred, flush, transitionPaths, type Deferred } from '../machines/model-paths.js';

type InternalEvent = { type: string; output?: unknown; error?: unknown };
const internal = (event: InternalEvent) => event as unknown as CheckoutEvent;
const asInternal = (event: CheckoutEvent) => event as unknown as InternalEvent;

const done = (path: string) => `xstate.done.actor.0.checkout.${path}`;
const error = (path: string) => `xstate.error.actor.0.checkout.${path}`;
const afterPoll = (parent: 'qr' | 'waiting') => `xstate.after.poll.checkout.${parent}.pausing`;

const ORDER: PlacedOrder = { id: 41, number: 'O-41', total: 2990, currency: 'CNY' };
/** Nothing to pay (a voucher of 100%): paid as it is placed. */
const FREE_ORDER: PlacedOrder = { id: 42, number: 'O-42', total: 0, currency: 'CNY', paid: true };
const QR: StartedPayment = { attempt: 1, kind: 'qr', url: null, codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', expiresAt: '2030-01-01T00:00:00Z' };
const REDIRECT: StartedPayment = { attempt: 1, kind: 'redirect', url: '/dev/pay?token=t', codeUrl: null, expiresAt: '2030-01-01T00:00:00Z' };
const offline = () => Object.assign(new Error('Failed to fetch'), { status: 0 });
const refused = () => Object.assign(new Error('Out of stock.'), { status: 409 });
const badAddress = () => Object.assign(new Error('Invalid.'), { status: 400, fields: { 'shipping_address.line1': 'This field may not be blank.' } });
const status = (s: StatusAnswer['status']): StatusAnswer => ({ status: s, paid: s === 'paid' || s === 'fulfilled' });

function modelEvents(snapshot: CheckoutSnapshot): CheckoutEvent[] {
  if (snapshot.status === 'done') return [];
  const offered: CheckoutEvent[] = [
    { type: 'START', item: { kind: 'basket', basket: 5, shipping: true } },
    { type: 'START', item: { kind: 'membership', product: 3 } },
    { type: 'ADDRESS', address: { kind: 'saved', id: 9 } },
    { type: 'SHIPPING', code: 'standard' },
    { type: 'METHOD', method: 'dev' },
    { type: 'PAY', key: 'key-1', total: 2990 },
    { type: 'RETRY' },
    { type: 'BACK' },
    { type: 'ONLINE' },
    { type: 'NEW_CODE' },
    { type: 'RESTART' },
  ];
  // The events a step takes, and one it does not (the machine must then stay put).
  const taken = offered.filter((event) => snapshot.can(event));
  const ignored = offered.find((event) => !snapshot.can(event));
  const events = ignored ? [...taken, ignored] : taken;
  if (snapshot.matches('placing')) {
    events.push(
      internal({ type: done('placing'), output: ORDER }),
      internal({ type: done('placing'), output: FREE_ORDER }),
      internal({ type: error('placing'), error: refused() }),
      internal({ type: error('placing'), error: badAddress() }),
    );
  }
  if (snapshot.matches('starting')) {
    events.push(internal({ type: done('starting'), output: QR }), internal({ type: done('starting'), output: REDIRECT }), internal({ type: error('starting'), error: refused() }));
  }
  for (const parent of ['qr', 'waiting'] as const) {
    if (snapshot.matches({ [parent]: 'checking' })) {
      for (const s of ['pending', 'paid', 'expired', 'cancelled'] as const) events.push(internal({ type: done(`${parent}.checking`), output: status(s) }));
      events.push(internal({ type: error(`${parent}.checking`), error: offline() }), internal({ type: error(`${parent}.checking`), error: refused() }));
    }
    if (snapshot.matches({ [parent]: 'pausing' })) events.push(internal({ type: afterPoll(parent) }));
  }
  return events;
}

function label(event: CheckoutEvent): string {
  const { type, output, error: err } = asInternal(event);
  if (event.type === 'START') return `START(${event.item.kind})`;
  if (type.startsWith('xstate.after')) return `${POLL_MS} ms`;
  if (type.startsWith('xstate.done.actor')) {
    const o = output as { status?: string; kind?: string; number?: string };
    return `${type.split('.').slice(5).join('.')} ok(${o.status ?? o.kind ?? o.number})`;
  }
  if (type.startsWith('xstate.error.actor')) return `${type.split('.').slice(5).join('.')} ${(err as { status: number }).status}`;
  return type;
}

const serializeState = (snapshot: CheckoutSnapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context });

interface Call<I, O> {
  input: I;
  answer: Deferred<O>;
}

function startCheckout(input: CheckoutInput = { user: 7 }) {
  const places: Array<Call<{ context: CheckoutContext }, PlacedOrder>> = [];
  const starts: Array<Call<{ orderId: number; attempt: number }, StartedPayment>> = [];
  const statuses: Array<Call<{ orderId: number }, StatusAnswer>> = [];
  const opened: Array<string | null> = [];
  const machine = checkoutMachine.provide({
    actors: {
      placeOrder: fromPromise(({ input: i }) => {
        const answer = deferred<PlacedOrder>();
        places.push({ input: i, answer });
        return answer.promise;
      }),
      startPayment: fromPromise(({ input: i }) => {
        const answer = deferred<StartedPayment>();
        starts.push({ input: i, answer });
        return answer.promise;
      }),
      fetchStatus: fromPromise(({ input: i }) => {
        const answer = deferred<StatusAnswer>();
        statuses.push({ input: i, answer });
        return answer.promise;
      }),
    },
    actions: {
      openPaymentPage: (_, params) => {
        opened.push(params.url);
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, places, starts, statuses, opened };
}

type Harness = ReturnType<typeof startCheckout>;

async function perform(harness: Harness, event: CheckoutEvent): Promise<void> {
  const { type, output, error: err } = asInternal(event);
  const settle = <O>(calls: Array<Call<unknown, O>>) => (type.startsWith('xstate.done') ? calls.at(-1)!.answer.resolve(output as O) : calls.at(-1)!.answer.reject(err));
  if (type.startsWith('xstate.after')) await vi.advanceTimersByTimeAsync(POLL_MS);
  else if (type.endsWith('.placing')) settle(harness.places as Array<Call<unknown, unknown>>);
  else if (type.endsWith('.starting')) settle(harness.starts as Array<Call<unknown, unknown>>);
  else if (type.endsWith('.checking')) settle(harness.statuses as Array<Call<unknown, unknown>>);
  else if (type !== 'xstate.init') harness.actor.send(event);
  await flush();
}

// The oracle of the calls, written apart from the machine's configuration: which call each step sends.
function expectedCalls(prev: CheckoutSnapshot | undefined, next: CheckoutSnapshot) {
  const entered = (state: 'placing' | 'starting') => next.matches(state) && !(prev?.matches(state) ?? false);
  const checking = (['qr', 'waiting'] as const).some((p) => next.matches({ [p]: 'checking' }) && !(prev?.matches({ [p]: 'checking' }) ?? false));
  return { place: entered('placing') ? 1 : 0, start: entered('starting') ? 1 : 0, status: checking ? 1 : 0 };
}

async function runPath(steps: Array<Step<CheckoutSnapshot, CheckoutEvent>>): Promise<void> {
  const harness = startCheckout();
  let prev: CheckoutSnapshot | undefined;
  for (const step of steps) {
    const before = { places: harness.places.length, starts: harness.starts.length, statuses: harness.statuses.length, opened: harness.opened.length };
    await perform(harness, step.event);
    const snapshot = harness.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    const calls = expectedCalls(prev, snapshot);
    expect(harness.places.length - before.places).toBe(calls.place);
    expect(harness.starts.length - before.starts).toBe(calls.start);
    expect(harness.statuses.length - before.statuses).toBe(calls.status);
    // The order goes out with the key of its attempt; a payment attempt counts up; status asks for the order.
    if (calls.place) expect(harness.places.at(-1)!.input.context.idempotencyKey).toBe(snapshot.context.idempotencyKey);
    if (calls.start) expect(harness.starts.at(-1)!.input).toMatchObject({ orderId: ORDER.id, attempt: (prev!.context.payment?.attempt ?? 0) + 1 });
    if (calls.status) expect(harness.statuses.at(-1)!.input).toEqual({ orderId: ORDER.id });
    // The provider's page opens once, exactly when a redirect payment starts.
    const redirected = asInternal(step.event).type === done('starting') && (asInternal(step.event).output as StartedPayment).kind === 'redirect';
    expect(harness.opened.slice(before.opened)).toEqual(redirected ? [REDIRECT.url] : []);
    prev = snapshot;
  }
  harness.actor.stop();
}

describe('checkout machine, model-based: every transition of the model on a live actor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const paths = transitionPaths(checkoutMachine, { events: modelEvents, serializeState, label, input: { user: 7 } });

  it('the model reaches every step, both ways to pay and every ending', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.state.value))));
    for (const value of [
      'basket',
      'address',
      'shipping',
      'payment',
      'review',
      'placing',
      'placeFailed',
      'starting',
      'paid',
      'failed',
      'expired',
      { qr: 'checking' },
      { qr: 'pausing' },
      { qr: 'offline' },
      { waiting: 'checking' },
      { waiting: 'pausing' },
      { waiting: 'offline' },
    ]) {
      expect(reached).toContain(JSON.stringify(value));
    }
  });

  it.each(paths.map((p) => [p.name, p.steps] as const))('%s', async (_name, steps) => {
    await runPath(steps);
  });
});

describe('checkout machine: retries, a lost connection and a reload', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function toReview(harness: Harness) {
    harness.actor.send({ type: 'START', item: { kind: 'basket', basket: 5, shipping: true } });
    harness.actor.send({ type: 'ADDRESS', address: { kind: 'saved', id: 9 } });
    harness.actor.send({ type: 'SHIPPING', code: 'standard' });
    harness.actor.send({ type: 'METHOD', method: 'dev' });
    await flush();
  }

  it('a retried order keeps its idempotency key; a new attempt after BACK gets a new one', async () => {
    const harness = startCheckout();
    await toReview(harness);
    harness.actor.send({ type: 'PAY', key: 'key-1', total: 2990 });
    await flush();
    harness.places[0].answer.reject(offline());
    await flush();
    expect(harness.actor.getSnapshot().value).toBe('placeFailed');
    expect(harness.actor.getSnapshot().context.problem?.kind).toBe('network');
    harness.actor.send({ type: 'RETRY' });
    await flush();
    expect(harness.places.map((c) => c.input.context.idempotencyKey)).toEqual(['key-1', 'key-1']);
    harness.places[1].answer.reject(refused());
    await flush();
    harness.actor.send({ type: 'BACK' });
    harness.actor.send({ type: 'PAY', key: 'key-2', total: 2990 });
    await flush();
    expect(harness.places.at(-1)!.input.context.idempotencyKey).toBe('key-2');
    harness.actor.stop();
  });

  it('an order with nothing to pay is paid as it is placed: no payment is started', async () => {
    const harness = startCheckout();
    await toReview(harness);
    harness.actor.send({ type: 'PAY', key: 'key-1', total: 0 });
    await flush();
    harness.places[0].answer.resolve(FREE_ORDER);
    await flush();
    const snapshot = harness.actor.getSnapshot();
    expect(snapshot.value).toBe('paid');
    expect(snapshot.status).toBe('done');
    expect(snapshot.context).toMatchObject({ order: FREE_ORDER, status: 'paid', problem: null });
    expect(harness.starts).toHaveLength(0);
    harness.actor.stop();
  });

  it('server field errors of the address send the shopper back to the address step with them', async () => {
    const harness = startCheckout();
    await toReview(harness);
    harness.actor.send({ type: 'PAY', key: 'key-1', total: 2990 });
    await flush();
    harness.places[0].answer.reject(badAddress());
    await flush();
    const snapshot = harness.actor.getSnapshot();
    expect(snapshot.value).toBe('address');
    expect(snapshot.context.problem?.fields).toEqual({ 'shipping_address.line1': 'This field may not be blank.' });
    harness.actor.stop();
  });

  it('a membership skips address and shipping, and BACK from payment returns to the start', () => {
    const harness = startCheckout();
    harness.actor.send({ type: 'START', item: { kind: 'membership', product: 3 } });
    expect(harness.actor.getSnapshot().value).toBe('payment');
    harness.actor.send({ type: 'BACK' });
    expect(harness.actor.getSnapshot().value).toBe('basket');
    harness.actor.stop();
  });

  it('waiting without a connection holds the polling until ONLINE, then asks again', async () => {
    const harness = startCheckout();
    await toReview(harness);
    harness.actor.send({ type: 'PAY', key: 'key-1', total: 2990 });
    await flush();
    harness.places[0].answer.resolve(ORDER);
    await flush();
    harness.starts[0].answer.resolve(REDIRECT);
    await flush();
    expect(harness.opened).toEqual([REDIRECT.url]);
    harness.statuses[0].answer.reject(offline());
    await flush();
    expect(harness.actor.getSnapshot().value).toEqual({ waiting: 'offline' });
    await vi.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(harness.statuses).toHaveLength(1);
    harness.actor.send({ type: 'ONLINE' });
    await flush();
    expect(harness.statuses).toHaveLength(2);
    harness.statuses[1].answer.resolve(status('pending'));
    await flush();
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(harness.statuses).toHaveLength(3);
    harness.statuses[2].answer.resolve(status('paid'));
    await flush();
    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.actor.getSnapshot().value).toBe('paid');
    harness.actor.stop();
  });

  it('a saved checkout resumes at its step: the order is sent again with the same key, the polling starts again', async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const first = startCheckout();
    first.actor.subscribe((s) => saveCheckout(storage, s));
    await toReview(first);
    first.actor.send({ type: 'PAY', key: 'key-1', total: 2990 });
    await flush();
    first.actor.stop();
    expect(readCheckout(storage, 7)?.step).toBe('placing');
    // Another user of the same tab never resumes it.
    expect(readCheckout(storage, 8)).toBeNull();

    const second = startCheckout({ user: 7, saved: readCheckout(storage, 7) });
    second.actor.subscribe((s) => saveCheckout(storage, s));
    await flush();
    expect(second.actor.getSnapshot().value).toBe('placing');
    expect(second.places[0].input.context.idempotencyKey).toBe('key-1');
    second.places[0].answer.resolve(ORDER);
    await flush();
    second.starts[0].answer.resolve(QR);
    await flush();
    second.actor.stop();
    expect(readCheckout(storage, 7)?.step).toBe('qr');

    const third = startCheckout({ user: 7, saved: readCheckout(storage, 7) });
    third.actor.subscribe((s) => saveCheckout(storage, s));
    await flush();
    expect(third.actor.getSnapshot().value).toEqual({ qr: 'checking' });
    expect(third.actor.getSnapshot().context.payment).toEqual(QR);
    third.statuses[0].answer.resolve(status('paid'));
    await flush();
    // A paid checkout is over: nothing is left to resume.
    expect(readCheckout(storage, 7)).toBeNull();
    third.actor.stop();
  });

  it.each(RESUMABLE_STEPS.filter((s) => s !== 'paid'))('resumes at %s', async (step) => {
    const context: CheckoutContext = {
      user: 7,
      item: { kind: 'basket', basket: 5, shipping: true },
      address: { kind: 'saved', id: 9 },
      shippingCode: 'standard',
      method: 'dev',
      channel: 'pc',
      idempotencyKey: 'key-1',
      total: 2990,
      order: ORDER,
      payment: QR,
      problem: null,
      status: 'pending',
      resumeStep: null,
    };
    const harness = startCheckout({ user: 7, saved: { step, context } });
    await flush();
    expect(stepOf(harness.actor.getSnapshot())).toBe(step);
    expect(harness.actor.getSnapshot().context.resumeStep).toBeNull();
    harness.actor.stop();
  });

  it('a saved step that is not a step starts afresh', () => {
    expect(readCheckout({ getItem: () => JSON.stringify({ step: 'hacked', context: { user: 7 } }) }, 7)).toBeNull();
    expect(readCheckout({ getItem: () => '{not json' }, 7)).toBeNull();
  });
});
