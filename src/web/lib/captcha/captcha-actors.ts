import { fromCallback } from 'xstate';
import type { CaptchaEvent, FetchChallengeInput, SolveChallengeInput, SpamClassification } from './captcha-machine.js';

/** A challenge response as received: its HTTP status and its JSON body (whatever it is; the machine checks it). */
export interface ChallengeResponse {
  status: number;
  data: unknown;
}

/** A solver's answer: the payload to submit (null when no number was found) and the spam filter's verdict. */
export interface SolveResult {
  payload: string | null;
  classification?: SpamClassification;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The `fetchChallenge` actor from a plain function: it reports CHALLENGE_LOADED with the status and body, or
 * FAILED when the request itself failed. Leaving the state aborts the request and drops its late answer.
 */
export function fromChallengeFetch(load: (url: string, signal: AbortSignal) => Promise<ChallengeResponse>) {
  return fromCallback<CaptchaEvent, FetchChallengeInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    load(input.url, controller.signal).then(
      (response) => {
        if (!controller.signal.aborted) sendBack({ type: 'CHALLENGE_LOADED', status: response.status, data: response.data } satisfies CaptchaEvent);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'FAILED', reason: reasonOf(error) } satisfies CaptchaEvent);
      },
    );
    return () => controller.abort();
  });
}

/**
 * The `solveChallenge` actor from a plain function (the proof-of-work workers, and the server check in spam-filter
 * mode): it reports SOLVED, or FAILED when the solver broke. Leaving the state aborts the work.
 */
export function fromChallengeSolver(solve: (input: SolveChallengeInput, signal: AbortSignal) => Promise<SolveResult>) {
  return fromCallback<CaptchaEvent, SolveChallengeInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    solve(input, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        sendBack({
          type: 'SOLVED',
          payload: result.payload,
          ...(result.classification ? { classification: result.classification } : {}),
        } satisfies CaptchaEvent);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'FAILED', reason: reasonOf(error) } satisfies CaptchaEvent);
      },
    );
    return () => controller.abort();
  });
}
