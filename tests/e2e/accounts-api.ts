import type { APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';
import { expect } from './fixtures.js';

/** The password of the accounts these helpers make. */
export const PASSWORD = 'Lectern reading 2024';

export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A solved captcha payload, as the widget would send it (the server's maxnumber keeps this quick). */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/v2/captcha/challenge')).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('no solution found');
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature, took: solution.took })).toString('base64');
}

/** A fresh account of a test's own, made through the API. */
export async function createAccount(request: APIRequestContext, prefix: string) {
  const username = unique(prefix);
  const email = `${username}@mail.lectern.org`;
  const res = await request.post('/api/v2/rest-auth/registration/', {
    data: { username, email, password1: PASSWORD, password2: PASSWORD, altcha: await solvedCaptcha(request) },
  });
  expect(res.status()).toBe(201);
  return { username, email };
}
