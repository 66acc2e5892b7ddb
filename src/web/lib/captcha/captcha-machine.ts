import { and, assign, fromCallback, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { CAPTCHA_FLOATING_OFFSET_PX, CAPTCHA_MAX_NUMBER } from '../../../shared/constants.js';
import {
  CAPTCHA_MESSAGES,
  captchaWorkers,
  validateChallenge,
  type CaptchaChallengeData,
  type CaptchaMessage,
  type CaptchaMessageKey,
} from './captcha-challenge.js';

/** The spam filter's verdict on a solved check (altcha's classifications). */
export type SpamClassification = 'BAD' | 'GOOD' | 'NEUTRAL';

export interface CaptchaContext {
  /** Where challenges come from; without it the host hands the challenge in (CHALLENGE_LOADED). */
  challengeUrl: string | undefined;
  challenge: CaptchaChallengeData | null;
  /** The solution to submit with the form (base64 JSON), once verified. */
  payload: string | null;
  error: CaptchaMessage | null;
  maxNumber: number;
  workers: number;
  label: CaptchaMessageKey;
  floatingOffset: number;
  /** A BAD spam classification fails the check. */
  blockSpam: boolean;
}

export interface CaptchaInput {
  challengeUrl?: string;
  blockSpam?: boolean;
  /** navigator.hardwareConcurrency where it exists. */
  hardwareConcurrency?: number;
  maxNumber?: number;
}

export type CaptchaEvent =
  | { type: 'VERIFY' }
  | { type: 'CHALLENGE_LOADED'; status: number; data: unknown }
  | { type: 'SOLVED'; payload: string | null; classification?: SpamClassification }
  | { type: 'FAILED'; reason: string }
  | { type: 'EXPIRE' }
  | { type: 'RESET' };

export interface FetchChallengeInput {
  url: string;
}

export interface SolveChallengeInput {
  challenge: CaptchaChallengeData;
  maxNumber: number;
  workers: number;
}

/** The message of a failed load: the server's status, else the first broken rule of the challenge. */
function failureOf(event: Extract<CaptchaEvent, { type: 'CHALLENGE_LOADED' }>): CaptchaMessage {
  if (event.status !== 200) return { key: CAPTCHA_MESSAGES.serverStatus, values: { status: event.status } };
  const validation = validateChallenge(event.data);
  return { key: validation.ok ? CAPTCHA_MESSAGES.failed : validation.error };
}

/**
 * The captcha widget's logic (altcha 2.3.0; SPEC sections 4, 5, 8, 9): unverified -> verifying (load the
 * challenge, check it, solve it) -> verified, or error; EXPIRE refetches a verified check that has a challenge
 * URL and expires anything else. The widget that renders it sends VERIFY on the user's click and renders states
 * and `captchaMessage()`. Loading and solving are injected actors (`fetchChallenge`, `solveChallenge`).
 */
export const captchaMachine = setup({
  types: {
    context: {} as CaptchaContext,
    events: {} as CaptchaEvent,
    input: {} as CaptchaInput,
  },
  actors: {
    // They report back with CHALLENGE_LOADED, SOLVED or FAILED (captcha-actors.ts); until provided they fail.
    fetchChallenge: fromCallback<CaptchaEvent, FetchChallengeInput>(({ sendBack }) => {
      sendBack({ type: 'FAILED', reason: 'fetchChallenge is not provided' } satisfies CaptchaEvent);
    }),
    solveChallenge: fromCallback<CaptchaEvent, SolveChallengeInput>(({ sendBack }) => {
      sendBack({ type: 'FAILED', reason: 'solveChallenge is not provided' } satisfies CaptchaEvent);
    }),
  },
  actions: {
    clear: assign({ challenge: null, payload: null, error: null }),
    storeChallenge: assign(({ event }) => {
      if (event.type !== 'CHALLENGE_LOADED') return {};
      const validation = validateChallenge(event.data);
      return validation.ok ? { challenge: validation.challenge } : {};
    }),
    storePayload: assign(({ event }) => (event.type === 'SOLVED' ? { payload: event.payload } : {})),
    fail: assign((_, error: CaptchaMessage) => ({ error, payload: null })),
  },
  guards: {
    hasChallengeUrl: ({ context }) => Boolean(context.challengeUrl),
    refusedByServer: ({ event }) => event.type === 'CHALLENGE_LOADED' && event.status !== 200,
    challengeInvalid: ({ event }) => event.type === 'CHALLENGE_LOADED' && !validateChallenge(event.data).ok,
    noSolution: ({ event }) => event.type === 'SOLVED' && !event.payload,
    blockedAsSpam: ({ context, event }) => context.blockSpam && event.type === 'SOLVED' && event.classification === 'BAD',
  },
}).createMachine({
  id: 'captcha',
  context: ({ input }) => ({
    challengeUrl: input.challengeUrl || undefined,
    challenge: null,
    payload: null,
    error: null,
    maxNumber: input.maxNumber ?? CAPTCHA_MAX_NUMBER,
    workers: captchaWorkers(input.hardwareConcurrency),
    label: CAPTCHA_MESSAGES.label,
    floatingOffset: CAPTCHA_FLOATING_OFFSET_PX,
    blockSpam: input.blockSpam ?? false,
  }),
  initial: 'unverified',
  on: {
    RESET: { target: '.unverified', actions: 'clear' },
    EXPIRE: [
      // A verified check with a challenge URL quietly starts over with a new challenge.
      { guard: and(['hasChallengeUrl', stateIn('#captcha.verified')]), target: '.verifying' },
      { target: '.expired', actions: 'clear' },
    ],
  },
  states: {
    unverified: {
      on: { VERIFY: 'verifying' },
    },
    verifying: {
      entry: 'clear',
      initial: 'loading',
      on: {
        FAILED: {
          target: 'error',
          actions: { type: 'fail', params: ({ event }) => ({ key: CAPTCHA_MESSAGES.failed, reason: event.reason }) },
        },
      },
      states: {
        loading: {
          initial: 'routing',
          states: {
            routing: {
              always: [{ guard: 'hasChallengeUrl', target: 'fetching' }, { target: 'waiting' }],
            },
            fetching: {
              invoke: { id: 'fetchChallenge', src: 'fetchChallenge', input: ({ context }) => ({ url: context.challengeUrl ?? '' }) },
            },
            /** No challenge URL: the host hands the challenge in. */
            waiting: {},
          },
          on: {
            CHALLENGE_LOADED: [
              {
                guard: 'refusedByServer',
                target: '#captcha.error',
                actions: { type: 'fail', params: ({ event }) => failureOf(event) },
              },
              {
                guard: 'challengeInvalid',
                target: '#captcha.error',
                actions: { type: 'fail', params: ({ event }) => failureOf(event) },
              },
              { target: 'solving', actions: 'storeChallenge' },
            ],
          },
        },
        solving: {
          invoke: {
            id: 'solveChallenge',
            src: 'solveChallenge',
            input: ({ context }) => ({
              challenge: context.challenge!,
              maxNumber: context.challenge?.maxnumber ?? context.maxNumber,
              workers: context.workers,
            }),
          },
          on: {
            SOLVED: [
              {
                guard: 'noSolution',
                target: '#captcha.error',
                actions: { type: 'fail', params: { key: CAPTCHA_MESSAGES.noSolution } },
              },
              {
                guard: 'blockedAsSpam',
                target: '#captcha.error',
                actions: { type: 'fail', params: { key: CAPTCHA_MESSAGES.failed } },
              },
              { target: '#captcha.verified', actions: 'storePayload' },
            ],
          },
        },
      },
    },
    verified: {},
    error: {
      on: { VERIFY: 'verifying' },
    },
    expired: {
      on: { VERIFY: 'verifying' },
    },
  },
});

export type CaptchaActorRef = ActorRefFrom<typeof captchaMachine>;
export type CaptchaSnapshot = SnapshotFrom<typeof captchaMachine>;

/** What the widget says in each state: the wait notice, the error, or the expiry notice; null otherwise. */
export function captchaMessage(snapshot: CaptchaSnapshot): CaptchaMessage | null {
  if (snapshot.matches('verifying')) return { key: CAPTCHA_MESSAGES.verifying };
  if (snapshot.matches('error')) return snapshot.context.error ?? { key: CAPTCHA_MESSAGES.failed };
  if (snapshot.matches('expired')) return { key: CAPTCHA_MESSAGES.expired };
  return null;
}
