import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** How many requests each race sends at once: more than one pool of a process holds (PostgreSQL: 10). */
export const RACERS = 10;

/** Sends `RACERS` copies of a request at once and answers them in the order sent. */
export function race(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: RACERS }, () => send()));
}

/** The statuses of a race's answers, sorted, so two engines' answers compare as one list. */
export const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode).sort((a, b) => a - b);

/**
 * One answer with `success`, every other with `conflict` and the message a late request would get: the answers of
 * requests sent one after another.
 */
export function expectOneWinner(answers: LightMyRequestResponse[], success: number, conflict: number, message: RegExp): LightMyRequestResponse {
  expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([success, ...Array<number>(RACERS - 1).fill(conflict)].sort((a, b) => a - b));
  for (const loser of answers.filter((a) => a.statusCode === conflict)) expect(loser.json<{ message: string }>().message).toMatch(message);
  return answers.find((a) => a.statusCode === success)!;
}
