import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { captchaWorkers } from '../../../../src/web/lib/captcha/captcha-challenge.js';
import { captchaMachine, captchaMessage } from '../../../../src/web/lib/captcha/captcha-machine.js';
import { challengeFetch, CHALLENGE_URL, forwardWidgetState } from '../../../../src/web/ui/captcha.js';

const CHALLENGE = {
  algorithm: 'SHA-256',
  challenge: 'a'.repeat(64),
  maxnumber: 50_000,
  salt: '0123456789abcdef?expires=2000000000&',
  signature: 'b'.repeat(64),
};

function widgetActor() {
  const machine = captchaMachine.provide({ actors: { solveChallenge: fromCallback(() => undefined) } });
  return createActor(machine, { input: { hardwareConcurrency: 4 } }).start();
}

const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

describe('the captcha widget drives the captcha machine', () => {
  it('loads its challenge from the API and uses SPEC section 9’s worker count', () => {
    expect(CHALLENGE_URL).toBe('/api/v2/captcha/challenge');
    const actor = widgetActor();
    expect(actor.getSnapshot().context.workers).toBe(captchaWorkers(4));
    expect(actor.getSnapshot().context.floatingOffset).toBe(12);
  });

  it('verifying, challenge, verified: the payload is what the form sends', async () => {
    const actor = widgetActor();
    forwardWidgetState(actor, 'verifying', undefined);
    expect(captchaMessage(actor.getSnapshot())).toEqual({ key: 'captcha.verifying' });
    const response = await challengeFetch(actor, answer(200, CHALLENGE))(CHALLENGE_URL);
    expect(response.status).toBe(200);
    expect(actor.getSnapshot().matches({ verifying: 'solving' })).toBe(true);
    expect(actor.getSnapshot().context.challenge?.maxnumber).toBe(50_000);
    forwardWidgetState(actor, 'verified', 'cGF5bG9hZA==');
    expect(actor.getSnapshot().matches('verified')).toBe(true);
    expect(actor.getSnapshot().context.payload).toBe('cGF5bG9hZA==');
    // The widget refetches by itself when a verified check expires: a new attempt, without the old payload.
    forwardWidgetState(actor, 'verifying', undefined);
    expect(actor.getSnapshot().matches('verifying')).toBe(true);
    expect(actor.getSnapshot().context.payload).toBeNull();
  });

  it('says the server’s status, a bad challenge, or that no solution was found', async () => {
    const refused = widgetActor();
    forwardWidgetState(refused, 'verifying', undefined);
    await challengeFetch(refused, answer(500, { error: 'server_error' }))(CHALLENGE_URL);
    forwardWidgetState(refused, 'error', undefined);
    expect(captchaMessage(refused.getSnapshot())).toEqual({ key: 'captcha.serverStatus', values: { status: 500 } });

    const short = widgetActor();
    forwardWidgetState(short, 'verifying', undefined);
    await challengeFetch(short, answer(200, { ...CHALLENGE, salt: 'short' }))(CHALLENGE_URL);
    expect(captchaMessage(short.getSnapshot())).toEqual({ key: 'captcha.saltTooShort' });

    const unsolved = widgetActor();
    forwardWidgetState(unsolved, 'verifying', undefined);
    await challengeFetch(unsolved, answer(200, CHALLENGE))(CHALLENGE_URL);
    forwardWidgetState(unsolved, 'error', undefined);
    expect(captchaMessage(unsolved.getSnapshot())).toEqual({ key: 'captcha.noSolution' });

    const offline = widgetActor();
    forwardWidgetState(offline, 'verifying', undefined);
    await expect(challengeFetch(offline, () => Promise.reject(new TypeError('Failed to fetch')))(CHALLENGE_URL)).rejects.toThrow('Failed to fetch');
    expect(captchaMessage(offline.getSnapshot())).toMatchObject({ key: 'captcha.failed', reason: 'Failed to fetch' });
  });

  it('expiry and reset come from the widget too', async () => {
    const actor = widgetActor();
    forwardWidgetState(actor, 'verifying', undefined);
    await challengeFetch(actor, answer(200, CHALLENGE))(CHALLENGE_URL);
    forwardWidgetState(actor, 'verified', 'cGF5bG9hZA==');
    forwardWidgetState(actor, 'expired', undefined);
    expect(captchaMessage(actor.getSnapshot())).toEqual({ key: 'captcha.expired' });
    forwardWidgetState(actor, 'unverified', undefined);
    expect(actor.getSnapshot().matches('unverified')).toBe(true);
    expect(captchaMessage(actor.getSnapshot())).toBeNull();
  });
});
