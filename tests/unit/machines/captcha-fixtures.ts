import { createActor } from 'xstate';
import { fromChallengeFetch, fromChallengeSolver, type ChallengeResponse, type SolveResult } from '../../../src/web/lib/captcha/captcha-actors.js';
import type { CaptchaMessageKey } from '../../../src/web/lib/captcha/captcha-challenge.js';
import {
  captchaMachine,
  type CaptchaEvent,
  type CaptchaInput,
  type SolveChallengeInput,
} from '../../../src/web/lib/captcha/captcha-machine.js';
import { deferred, type Deferred } from './model-paths.js';

export const CHALLENGE_URL = '/api/captcha/challenge';

export const VALID_CHALLENGE = {
  algorithm: 'SHA-256',
  challenge: 'c'.repeat(64),
  salt: '0123456789abcdef?expires=1893456000',
  signature: 'f'.repeat(64),
  maxnumber: 50_000,
};

type Loaded = Extract<CaptchaEvent, { type: 'CHALLENGE_LOADED' }>;
const loaded = (data: unknown, status = 200): Loaded => ({ type: 'CHALLENGE_LOADED', status, data });

/** Each load the model tries, with the message SPEC section 8 wants for it (null: the challenge is good). */
export const LOADS: Array<{ name: string; event: Loaded; error: { key: CaptchaMessageKey; values?: Record<string, number> } | null }> = [
  { name: 'good challenge', event: loaded(VALID_CHALLENGE), error: null },
  { name: 'status 500', event: loaded({ error: 'server_error' }, 500), error: { key: 'captcha.serverStatus', values: { status: 500 } } },
  { name: 'MD5', event: loaded({ ...VALID_CHALLENGE, algorithm: 'MD5' }), error: { key: 'captcha.unknownAlgorithm' } },
  { name: 'unsigned', event: loaded({ ...VALID_CHALLENGE, signature: undefined }), error: { key: 'captcha.signatureMissing' } },
  { name: 'short challenge', event: loaded({ ...VALID_CHALLENGE, challenge: 'c'.repeat(39) }), error: { key: 'captcha.challengeTooShort' } },
  { name: 'short salt', event: loaded({ ...VALID_CHALLENGE, salt: '012345678' }), error: { key: 'captcha.saltTooShort' } },
];

export const PAYLOAD = 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=';

export type Solved = Extract<CaptchaEvent, { type: 'SOLVED' }>;
export const SOLUTIONS: Array<{ name: string; event: Solved }> = [
  { name: 'solved', event: { type: 'SOLVED', payload: PAYLOAD, classification: 'GOOD' } },
  { name: 'no solution', event: { type: 'SOLVED', payload: null } },
  { name: 'solved, spam', event: { type: 'SOLVED', payload: PAYLOAD, classification: 'BAD' } },
];

/** A live captcha actor whose challenge requests and solver wait for the test to answer them. */
export function startCaptcha(input: CaptchaInput) {
  const fetches: Array<{ url: string; signal: AbortSignal; answer: Deferred<ChallengeResponse> }> = [];
  const solves: Array<{ input: SolveChallengeInput; signal: AbortSignal; answer: Deferred<SolveResult> }> = [];
  const machine = captchaMachine.provide({
    actors: {
      fetchChallenge: fromChallengeFetch((url, signal) => {
        const answer = deferred<ChallengeResponse>();
        fetches.push({ url, signal, answer });
        return answer.promise;
      }),
      solveChallenge: fromChallengeSolver((solveInput, signal) => {
        const answer = deferred<SolveResult>();
        solves.push({ input: solveInput, signal, answer });
        return answer.promise;
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, fetches, solves };
}

export type CaptchaHarness = ReturnType<typeof startCaptcha>;
