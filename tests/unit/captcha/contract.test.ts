import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { captchaChallenge, captchaSolution } from '../../../src/shared/api/captcha.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('captcha contract (SPEC section 5)', () => {
  it('accepts what altcha-lib v1 makes and refuses bad values with the widget messages', async () => {
    const challenge = await createChallenge({ hmacKey: 'a test key of some length', maxnumber: 500, expires: new Date(Date.now() + 60_000) });
    expect(captchaChallenge.safeParse(challenge).success).toBe(true);
    expect(challenge.salt).toMatch(/\?expires=\d+&$/);
    expect(firstMessage(captchaChallenge.safeParse({ ...challenge, algorithm: 'SHA-1' }))).toBe('Unknown algorithm value.');
    expect(firstMessage(captchaChallenge.safeParse({ ...challenge, challenge: 'a'.repeat(39) }))).toBe('Challenge is too short. Min. 40 chars.');
    expect(firstMessage(captchaChallenge.safeParse({ ...challenge, salt: 'a'.repeat(9) }))).toBe('Salt is too short. Min. 10 chars.');
    expect(captchaChallenge.safeParse({ ...challenge, signature: undefined }).success).toBe(false);
  });

  it('describes the payload the widget sends, which altcha-lib verifies', async () => {
    const key = 'a test key of some length';
    const challenge = await createChallenge({ hmacKey: key, maxnumber: 500, algorithm: 'SHA-512' });
    const solved = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, 500).promise;
    const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solved!.number, salt: challenge.salt, signature: challenge.signature, took: solved!.took };
    expect(captchaSolution.parse(payload)).toEqual(payload);
    expect(await verifySolution(payload, key)).toBe(true);
    expect(await verifySolution({ ...payload, number: payload.number + 1 }, key)).toBe(false);
  });
});
