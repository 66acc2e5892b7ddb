import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CAPTCHA_FLOATING_OFFSET_PX, CAPTCHA_LABEL, CAPTCHA_MAX_NUMBER } from '../../../src/shared/constants.js';
import { translate } from '../../../src/shared/i18n/index.js';
import { CAPTCHA_MESSAGES, captchaWorkers, validateChallenge } from '../../../src/web/lib/captcha/captcha-challenge.js';
import { captchaMachine, captchaMessage } from '../../../src/web/lib/captcha/captcha-machine.js';
import { CHALLENGE_URL, PAYLOAD, startCaptcha, VALID_CHALLENGE } from './captcha-fixtures.js';
import { flush } from './model-paths.js';

describe('validateChallenge (SPEC section 5, messages of section 8)', () => {
  it('accepts a good challenge, reading the algorithm in any case', () => {
    expect(validateChallenge({ ...VALID_CHALLENGE, algorithm: 'sha-512' })).toEqual({
      ok: true,
      challenge: { ...VALID_CHALLENGE, algorithm: 'SHA-512' },
    });
    const { maxnumber: _, ...withoutMax } = VALID_CHALLENGE;
    expect(validateChallenge(withoutMax)).toEqual({ ok: true, challenge: withoutMax });
  });

  it.each([
    ['no algorithm', { ...VALID_CHALLENGE, algorithm: undefined }, 'captcha.unknownAlgorithm'],
    ['MD5', { ...VALID_CHALLENGE, algorithm: 'MD5' }, 'captcha.unknownAlgorithm'],
    ['no signature', { ...VALID_CHALLENGE, signature: undefined }, 'captcha.signatureMissing'],
    ['empty signature', { ...VALID_CHALLENGE, signature: '' }, 'captcha.signatureMissing'],
    ['39-character challenge', { ...VALID_CHALLENGE, challenge: 'c'.repeat(39) }, 'captcha.challengeTooShort'],
    ['no challenge', { ...VALID_CHALLENGE, challenge: undefined }, 'captcha.challengeTooShort'],
    ['9-character salt', { ...VALID_CHALLENGE, salt: 's'.repeat(9) }, 'captcha.saltTooShort'],
    ['not an object', 'challenge', 'captcha.unknownAlgorithm'],
  ])('%s -> %s', (_name, data, key) => {
    expect(validateChallenge(data)).toEqual({ ok: false, error: key });
  });

  it('accepts the boundary lengths (40 and 10)', () => {
    expect(validateChallenge({ ...VALID_CHALLENGE, challenge: 'c'.repeat(40), salt: 's'.repeat(10) }).ok).toBe(true);
  });

  it('the messages read exactly as SPEC in English, and have Chinese texts', () => {
    const english = Object.values(CAPTCHA_MESSAGES).map((key) => translate('en', key, { status: 503 }));
    expect(english).toEqual([
      "I'm not a robot.",
      'Verifying... please wait.',
      'Verification failed. Try again later.',
      'Verification expired. Try again.',
      'Server responded with 503.',
      'Challenge is too short. Min. 40 chars.',
      'Salt is too short. Min. 10 chars.',
      'Unknown algorithm value.',
      'Invalid challenge. Property signature is missing.',
      'Unable to find a solution.',
    ]);
    for (const key of Object.values(CAPTCHA_MESSAGES)) expect(translate('zh-CN', key, { status: 503 })).not.toBe(translate('en', key, { status: 503 }));
    expect(translate('zh-CN', CAPTCHA_MESSAGES.serverStatus, { status: 503 })).toContain('503');
  });
});

describe('captchaWorkers (SPEC section 9)', () => {
  it.each([
    [undefined, 8],
    [0, 8],
    [Number.NaN, 8],
    [1, 1],
    [4, 4],
    [16, 16],
    [64, 16],
    [0.5, 1],
  ])('hardware concurrency %s -> %s workers', (cores, workers) => {
    expect(captchaWorkers(cores)).toBe(workers);
  });
});

describe('captcha machine', () => {
  it('starts unverified with SPEC section 9’s settings', () => {
    const { context, value } = createActor(captchaMachine, { input: {} }).getSnapshot();
    expect(value).toBe('unverified');
    expect(context).toMatchObject({
      challengeUrl: undefined,
      maxNumber: CAPTCHA_MAX_NUMBER,
      workers: 8,
      floatingOffset: CAPTCHA_FLOATING_OFFSET_PX,
      blockSpam: false,
      payload: null,
      error: null,
    });
    expect(translate('en', context.label)).toBe(CAPTCHA_LABEL);
  });

  it('a click fetches a challenge, solves it with the workers and the challenge’s bound, and stores the payload', async () => {
    const h = startCaptcha({ challengeUrl: CHALLENGE_URL, hardwareConcurrency: 2 });
    h.actor.send({ type: 'VERIFY' });
    expect(captchaMessage(h.actor.getSnapshot())).toEqual({ key: 'captcha.verifying' });
    expect(h.fetches.map((f) => f.url)).toEqual([CHALLENGE_URL]);
    h.fetches[0].answer.resolve({ status: 200, data: VALID_CHALLENGE });
    await flush();
    expect(h.solves.map((s) => [s.input.maxNumber, s.input.workers])).toEqual([[50_000, 2]]);
    h.solves[0].answer.resolve({ payload: PAYLOAD });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('verified');
    expect(h.actor.getSnapshot().context.payload).toBe(PAYLOAD);
    expect(captchaMessage(h.actor.getSnapshot())).toBeNull();
  });

  it('uses the machine’s maximum number when the challenge names none', async () => {
    const h = startCaptcha({ challengeUrl: CHALLENGE_URL });
    h.actor.send({ type: 'VERIFY' });
    const { maxnumber: _, ...withoutMax } = VALID_CHALLENGE;
    h.fetches[0].answer.resolve({ status: 200, data: withoutMax });
    await flush();
    expect(h.solves[0].input.maxNumber).toBe(CAPTCHA_MAX_NUMBER);
  });

  it('a non-200 challenge response shows "Server responded with {status}."', async () => {
    const h = startCaptcha({ challengeUrl: CHALLENGE_URL });
    h.actor.send({ type: 'VERIFY' });
    h.fetches[0].answer.resolve({ status: 429, data: {} });
    await flush();
    const message = captchaMessage(h.actor.getSnapshot())!;
    expect(h.actor.getSnapshot().value).toBe('error');
    expect(translate('en', message.key, message.values)).toBe('Server responded with 429.');
    expect(h.solves).toHaveLength(0);
  });

  it('a broken request or solver shows "Verification failed. Try again later." and a click retries', async () => {
    const h = startCaptcha({ challengeUrl: CHALLENGE_URL });
    h.actor.send({ type: 'VERIFY' });
    h.fetches[0].answer.reject(new Error('Network Error'));
    await flush();
    expect(h.actor.getSnapshot().context.error).toEqual({ key: 'captcha.failed', reason: 'Network Error' });
    h.actor.send({ type: 'VERIFY' });
    expect(h.fetches).toHaveLength(2);
    expect(h.actor.getSnapshot().context.error).toBeNull();
  });

  it('no solution shows "Unable to find a solution."', async () => {
    const h = startCaptcha({ challengeUrl: CHALLENGE_URL });
    h.actor.send({ type: 'VERIFY' });
    h.fetches[0].answer.resolve({ status: 200, data: VALID_CHALLENGE });
    await flush();
    h.solves[0].answer.resolve({ payload: null });
    await flush();
    expect(captchaMessage(h.actor.getSnapshot())).toEqual({ key: 'captcha.noSolution' });
  });

  it('a BAD spam classification blocks the check only when blockspam is set', async () => {
    for (const blockSpam of [true, false]) {
      const h = startCaptcha({ challengeUrl: CHALLENGE_URL, blockSpam });
      h.actor.send({ type: 'VERIFY' });
      h.fetches[0].answer.resolve({ status: 200, data: VALID_CHALLENGE });
      await flush();
      h.solves[0].answer.resolve({ payload: PAYLOAD, classification: 'BAD' });
      await flush();
      expect(h.actor.getSnapshot().value).toBe(blockSpam ? 'error' : 'verified');
    }
  });

  it('EXPIRE refetches a verified check that has a challenge URL', async () => {
    const h = startCaptcha({ challengeUrl: CHALLENGE_URL });
    h.actor.send({ type: 'VERIFY' });
    h.fetches[0].answer.resolve({ status: 200, data: VALID_CHALLENGE });
    await flush();
    h.solves[0].answer.resolve({ payload: PAYLOAD });
    await flush();
    h.actor.send({ type: 'EXPIRE' });
    expect(h.actor.getSnapshot().matches({ verifying: { loading: 'fetching' } })).toBe(true);
    expect(h.actor.getSnapshot().context.payload).toBeNull();
    expect(h.fetches).toHaveLength(2);
  });

  it('EXPIRE without a challenge URL, or before verification, goes to expired', async () => {
    const host = startCaptcha({});
    host.actor.send({ type: 'VERIFY' });
    expect(host.actor.getSnapshot().matches({ verifying: { loading: 'waiting' } })).toBe(true);
    host.actor.send({ type: 'CHALLENGE_LOADED', status: 200, data: VALID_CHALLENGE });
    await flush();
    host.solves[0].answer.resolve({ payload: PAYLOAD });
    await flush();
    host.actor.send({ type: 'EXPIRE' });
    expect(host.actor.getSnapshot().value).toBe('expired');
    expect(captchaMessage(host.actor.getSnapshot())).toEqual({ key: 'captcha.expired' });

    const midway = startCaptcha({ challengeUrl: CHALLENGE_URL });
    midway.actor.send({ type: 'VERIFY' });
    midway.actor.send({ type: 'EXPIRE' });
    expect(midway.actor.getSnapshot().value).toBe('expired');
    expect(midway.fetches[0].signal.aborted).toBe(true);
  });

  it('RESET stops the solver and ignores its late answer', async () => {
    const h = startCaptcha({ challengeUrl: CHALLENGE_URL });
    h.actor.send({ type: 'VERIFY' });
    h.fetches[0].answer.resolve({ status: 200, data: VALID_CHALLENGE });
    await flush();
    h.actor.send({ type: 'RESET' });
    expect(h.solves[0].signal.aborted).toBe(true);
    h.actor.send({ type: 'VERIFY' });
    h.solves[0].answer.resolve({ payload: PAYLOAD });
    await flush();
    expect(h.actor.getSnapshot().matches({ verifying: { loading: 'fetching' } })).toBe(true);
    expect(h.actor.getSnapshot().context.payload).toBeNull();
  });

  it('fails closed when no challenge source is provided', async () => {
    const actor = createActor(captchaMachine, { input: { challengeUrl: CHALLENGE_URL } }).start();
    actor.send({ type: 'VERIFY' });
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error?.key).toBe('captcha.failed');
  });
});
