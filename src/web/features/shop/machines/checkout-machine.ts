import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { OrderStatus, PaymentMethod } from '../../../../shared/api/orders-paths.js';
import type { PaymentChannel, PaymentKind } from '../../../../shared/api/payments-paths.js';

/** Where the goods go: one of the shopper's saved addresses, or one written for this order. */
export type CheckoutAddress =
  | { kind: 'saved'; id: number }
  | {
      kind: 'new';
      fields: {
        first_name: string;
        last_name: string;
        line1: string;
        line2: string;
        line4: string;
        state: string;
        postcode: string;
        country: string;
        phone_number: string;
      };
    };

/** What is bought: the shopper's basket, or one product now (a plan card's membership product, a paid course's product). */
export type CheckoutItem = { kind: 'basket'; basket: number; shipping: boolean } | { kind: 'membership' | 'course'; product: number };

/** The order checkout answered with (what the machine needs of it). */
export interface PlacedOrder {
  id: number;
  number: string;
  total: number;
  currency: string;
  /** Paid when placed: nothing to pay (a voucher or a free product made the total 0). */
  paid?: boolean;
}

/** A started payment attempt: a page to open (redirect, h5) or a code to show (qr). */
export interface StartedPayment {
  attempt: number;
  kind: PaymentKind;
  url: string | null;
  codeUrl: string | null;
  expiresAt: string;
}

/** Why a call failed: `network` (no answer: try again once online), `fields` (the server named fields), `refused`. */
export interface CheckoutProblem {
  kind: 'network' | 'fields' | 'refused';
  message: string;
  status: number;
  fields: Record<string, string>;
  /** What the server changed while refusing (a basket's corrections), one sentence each. */
  changes?: string[];
}

export interface CheckoutContext {
  /** The shopper: persisted state is kept per user and never resumed for another. */
  user: number;
  item: CheckoutItem | null;
  address: CheckoutAddress | null;
  shippingCode: string | null;
  method: PaymentMethod | null;
  channel: PaymentChannel;
  /** Made once per attempt to pay (on PAY from review) and sent again on every retry of that attempt. */
  idempotencyKey: string | null;
  /** The total the shopper saw on review: checkout refuses the order when it would cost another amount. */
  total: number | null;
  order: PlacedOrder | null;
  payment: StartedPayment | null;
  problem: CheckoutProblem | null;
  /** The order's last known status while waiting. */
  status: OrderStatus | null;
  /** The step a reload resumes at, read once on start. */
  resumeStep: CheckoutStep | null;
}

/** The steps a reload resumes at (a call under way is sent again: the same idempotency key, the same answer). */
export const RESUMABLE_STEPS = ['basket', 'address', 'shipping', 'payment', 'review', 'placing', 'starting', 'qr', 'waiting', 'paid', 'failed', 'expired'] as const;
export type CheckoutStep = (typeof RESUMABLE_STEPS)[number];

export interface SavedCheckout {
  step: CheckoutStep;
  context: CheckoutContext;
}

export interface CheckoutInput {
  user: number;
  /** A checkout to resume (read from this tab's storage): only the same user's. */
  saved?: SavedCheckout | null;
  channel?: PaymentChannel;
}

export type CheckoutEvent =
  | { type: 'START'; item: CheckoutItem }
  | { type: 'ADDRESS'; address: CheckoutAddress }
  | { type: 'SHIPPING'; code: string }
  | { type: 'METHOD'; method: PaymentMethod }
  | { type: 'PAY'; key: string; total: number | null }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'ONLINE' }
  | { type: 'NEW_CODE' }
  | { type: 'RESTART' };

/** How often the order's status is asked while waiting for the payment. */
export const POLL_MS = 3000;

export interface StatusAnswer {
  status: OrderStatus;
  paid: boolean;
}

const fresh = (user: number, channel: PaymentChannel): CheckoutContext => ({
  user,
  item: null,
  address: null,
  shippingCode: null,
  method: null,
  channel,
  idempotencyKey: null,
  total: null,
  order: null,
  payment: null,
  problem: null,
  status: null,
  resumeStep: null,
});

/** Any thrown value as a problem: an ApiError's status, message and fields; status 0 is no answer at all. */
export function problemOf(error: unknown): CheckoutProblem {
  const e = (error ?? {}) as { status?: unknown; message?: unknown; fields?: unknown; changes?: unknown };
  const status = typeof e.status === 'number' ? e.status : 0;
  const fields = e.fields && typeof e.fields === 'object' ? (e.fields as Record<string, string>) : {};
  const message = typeof e.message === 'string' ? e.message : String(error);
  const kind = status === 0 ? 'network' : Object.keys(fields).length > 0 ? 'fields' : 'refused';
  const changes = Array.isArray(e.changes) ? e.changes.filter((c): c is string => typeof c === 'string') : undefined;
  return { kind, message, status, fields, ...(changes && { changes }) };
}

/** Fields of the shipping address (the server names them `shipping_address.<field>` or `address`). */
const isAddressProblem = (problem: CheckoutProblem) =>
  problem.kind === 'fields' && Object.keys(problem.fields).some((f) => f === 'address' || f.startsWith('shipping_address'));

const needsShipping = (item: CheckoutItem | null) => item?.kind === 'basket' && item.shipping;

/** The polling of the order's status, the same under the QR code and after a redirect. */
function pollingStates() {
  return {
    initial: 'checking' as const,
    states: {
      checking: {
        invoke: {
          src: 'fetchStatus' as const,
          input: ({ context }: { context: CheckoutContext }) => ({ orderId: context.order!.id }),
          onDone: [
            { guard: 'isPaid' as const, target: '#checkout.paid', actions: 'keepStatus' as const },
            { guard: 'isExpired' as const, target: '#checkout.expired', actions: 'keepStatus' as const },
            { guard: 'isClosed' as const, target: '#checkout.failed', actions: ['keepStatus' as const, 'closedProblem' as const] },
            { target: 'pausing', actions: 'keepStatus' as const },
          ],
          onError: [
            { guard: 'isNetworkError' as const, target: 'offline', actions: 'keepProblem' as const },
            { target: 'pausing', actions: 'keepProblem' as const },
          ],
        },
      },
      pausing: { after: { poll: 'checking' } },
      /** No answer: polling waits for the connection (ONLINE), or the shopper's RETRY. */
      offline: { on: { ONLINE: 'checking', RETRY: 'checking' } },
    },
  };
}

/**
 * Checkout: basket -> address -> shipping -> payment (method) -> review -> placing (the order, with one
 * idempotency key per attempt) -> starting (a payment attempt) -> redirect (the provider's page, then waiting)
 * or qr (a code to scan, polling) -> waiting (polling pay/order/{id}/status) -> paid | failed | expired.
 * BACK goes one step back before the order exists; RETRY sends the failed call again with the same key; a
 * lost connection while waiting holds the polling until ONLINE. A plan card's membership skips address and
 * shipping. The state is saved by the page after every change and resumed from `input.saved` at the step it was.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    placeOrder: fromPromise<PlacedOrder, { context: CheckoutContext }>(() => Promise.reject(new Error('placeOrder is provided by the page'))),
    startPayment: fromPromise<StartedPayment, { orderId: number; attempt: number; channel: PaymentChannel }>(() =>
      Promise.reject(new Error('startPayment is provided by the page')),
    ),
    fetchStatus: fromPromise<StatusAnswer, { orderId: number }>(() => Promise.reject(new Error('fetchStatus is provided by the page'))),
  },
  actions: {
    openPaymentPage: (_, _params: { url: string | null }) => {},
    keepProblem: assign({ problem: ({ event }) => problemOf((event as { error?: unknown }).error) }),
    clearProblem: assign({ problem: null }),
    keepStatus: assign({ status: ({ event }) => (event as unknown as { output: StatusAnswer }).output.status, problem: null }),
    closedProblem: assign({
      problem: ({ context }): CheckoutProblem => ({ kind: 'refused', message: `The order is ${context.status ?? 'closed'}.`, status: 409, fields: {} }),
    }),
  },
  guards: {
    needsShipping: ({ context }) => needsShipping(context.item),
    isPaid: ({ event }) => (event as unknown as { output: StatusAnswer }).output.paid,
    isExpired: ({ event }) => (event as unknown as { output: StatusAnswer }).output.status === 'expired',
    isClosed: ({ event }) => {
      const { status } = (event as unknown as { output: StatusAnswer }).output;
      return status === 'cancelled' || status === 'refunded';
    },
    isNetworkError: ({ event }) => problemOf((event as { error?: unknown }).error).kind === 'network',
    isAddressError: ({ event }) => isAddressProblem(problemOf((event as { error?: unknown }).error)),
    isQr: ({ event }) => (event as unknown as { output: StartedPayment }).output.kind === 'qr',
    /** A new payment attempt helps only while the order can still be paid (not cancelled or refunded). */
    canPayAgain: ({ context }) => context.order !== null && context.status !== 'cancelled' && context.status !== 'refunded',
    resumeAt: ({ context }, step: CheckoutStep) => context.resumeStep === step,
  },
  delays: { poll: POLL_MS },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const saved = input.saved && input.saved.context.user === input.user ? input.saved : null;
    return saved ? { ...saved.context, resumeStep: saved.step } : fresh(input.user, input.channel ?? 'pc');
  },
  initial: 'resume',
  states: {
    resume: {
      exit: assign({ resumeStep: null }),
      always: [
        ...RESUMABLE_STEPS.filter((step) => step !== 'basket').map((step) => ({ guard: { type: 'resumeAt' as const, params: step }, target: step })),
        { target: 'basket' },
      ],
    },
    basket: {
      on: {
        START: [
          { guard: ({ event }) => needsShipping(event.item), target: 'address', actions: assign({ item: ({ event }) => event.item, problem: null }) },
          { target: 'payment', actions: assign({ item: ({ event }) => event.item, problem: null }) },
        ],
      },
    },
    address: {
      on: {
        ADDRESS: { target: 'shipping', actions: assign({ address: ({ event }) => event.address, problem: null }) },
        BACK: { target: 'basket', actions: 'clearProblem' },
      },
    },
    shipping: {
      on: {
        SHIPPING: { target: 'payment', actions: assign({ shippingCode: ({ event }) => event.code, problem: null }) },
        BACK: { target: 'address', actions: 'clearProblem' },
      },
    },
    payment: {
      on: {
        METHOD: { target: 'review', actions: assign({ method: ({ event }) => event.method, idempotencyKey: null, problem: null }) },
        BACK: [
          { guard: 'needsShipping', target: 'shipping', actions: 'clearProblem' },
          { target: 'basket', actions: 'clearProblem' },
        ],
      },
    },
    review: {
      on: {
        // A key already made for this attempt (a reload after a failed send) is kept: the retry is the same order.
        PAY: { target: 'placing', actions: assign({ idempotencyKey: ({ context, event }) => context.idempotencyKey ?? event.key, total: ({ event }) => event.total, problem: null }) },
        BACK: { target: 'payment', actions: 'clearProblem' },
      },
    },
    placing: {
      invoke: {
        src: 'placeOrder',
        input: ({ context }) => ({ context }),
        onDone: [
          // Nothing to pay: the order is paid as it is placed, so no payment is started.
          { guard: ({ event }) => event.output.paid === true, target: 'paid', actions: assign({ order: ({ event }) => event.output, status: 'paid', problem: null }) },
          { target: 'starting', actions: assign({ order: ({ event }) => event.output, problem: null }) },
        ],
        onError: [
          { guard: 'isAddressError', target: 'address', actions: ['keepProblem', assign({ idempotencyKey: null })] },
          { target: 'placeFailed', actions: 'keepProblem' },
        ],
      },
    },
    /**
     * The order was not placed: RETRY sends it again with the same key; BACK changes the choices (a new key on PAY);
     * PAY is a new attempt at the total shown now (the basket changed under the review: its new total, a new key).
     */
    placeFailed: {
      on: {
        RETRY: 'placing',
        PAY: { target: 'placing', actions: assign({ idempotencyKey: ({ event }) => event.key, total: ({ event }) => event.total, problem: null }) },
        BACK: { target: 'review', actions: [assign({ idempotencyKey: null }), 'clearProblem'] },
      },
    },
    starting: {
      invoke: {
        src: 'startPayment',
        input: ({ context }) => ({ orderId: context.order!.id, attempt: (context.payment?.attempt ?? 0) + 1, channel: context.channel }),
        onDone: [
          { guard: 'isQr', target: 'qr', actions: assign({ payment: ({ event }) => event.output, problem: null }) },
          { target: 'redirect', actions: assign({ payment: ({ event }) => event.output, problem: null }) },
        ],
        onError: { target: 'failed', actions: 'keepProblem' },
      },
    },
    /** Opens the provider's page; this tab waits for the order's status (the provider sends the shopper back). */
    redirect: {
      entry: { type: 'openPaymentPage', params: ({ context }) => ({ url: context.payment?.url ?? null }) },
      always: 'waiting',
    },
    qr: {
      ...pollingStates(),
      on: { NEW_CODE: '#checkout.starting' },
    },
    waiting: {
      ...pollingStates(),
      on: { NEW_CODE: '#checkout.starting' },
    },
    paid: { type: 'final' },
    /** The payment could not start, or the order was closed: RETRY starts a new attempt while the order can be paid. */
    failed: {
      on: {
        RETRY: { guard: 'canPayAgain', target: 'starting' },
        RESTART: { target: 'basket', actions: assign(({ context }) => fresh(context.user, context.channel)) },
      },
    },
    expired: {
      on: {
        RESTART: { target: 'basket', actions: assign(({ context }) => fresh(context.user, context.channel)) },
      },
    },
  },
});

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The step a snapshot is at, as saved (a transient `redirect` is saved as `waiting`; `placeFailed` as `review`). */
export function stepOf(snapshot: CheckoutSnapshot): CheckoutStep {
  const value = snapshot.value;
  const top = typeof value === 'string' ? value : Object.keys(value)[0];
  if (top === 'redirect') return 'waiting';
  if (top === 'placeFailed') return 'review';
  if (top === 'resume') return 'basket';
  return top as CheckoutStep;
}

/** A pending order paid again (from the orders page): the checkout starts at a new payment attempt. */
export function payAgain(user: number, order: PlacedOrder, method: PaymentMethod, channel: PaymentChannel): SavedCheckout {
  return { step: 'starting', context: { ...fresh(user, channel), method, order } };
}

export const checkoutStorageKey = (user: number) => `checkout:${user}`;

/** Saves the checkout in this tab's storage for its user (a reload resumes it); a finished one is forgotten. */
export function saveCheckout(storage: Pick<Storage, 'setItem' | 'removeItem'>, snapshot: CheckoutSnapshot): void {
  const step = stepOf(snapshot);
  const key = checkoutStorageKey(snapshot.context.user);
  try {
    if (step === 'paid' || (step === 'basket' && snapshot.context.item === null)) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ step, context: snapshot.context } satisfies SavedCheckout));
  } catch {
    // Storage full or refused: the checkout goes on, it only cannot survive a reload.
  }
}

export function readCheckout(storage: Pick<Storage, 'getItem'>, user: number): SavedCheckout | null {
  try {
    const raw = storage.getItem(checkoutStorageKey(user));
    if (!raw) return null;
    const saved = JSON.parse(raw) as SavedCheckout;
    if (!saved || !(RESUMABLE_STEPS as readonly string[]).includes(saved.step) || saved.context?.user !== user) return null;
    return saved;
  } catch {
    return null;
  }
}
