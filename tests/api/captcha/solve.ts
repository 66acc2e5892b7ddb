import { solveChallenge } from 'altcha-lib/v1';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';

export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export async function fetchChallenge(t: TestApp): Promise<Challenge> {
  const res = await t.api('GET', '/captcha/challenge');
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The base64 payload the widget would send for this challenge. */
export async function solve(c: Challenge): Promise<string> {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('no solution found');
  return Buffer.from(JSON.stringify({ ...c, maxnumber: undefined, number: solution.number, took: solution.took })).toString('base64');
}

/** A fresh, solved captcha payload, good for one call. */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  return solve(await fetchChallenge(t));
}
