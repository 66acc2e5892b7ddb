import { ApiError } from './http.js';

/**
 * A 409 to a write that happens once (enrolling, marking a lesson done, redeeming a code): an earlier request,
 * a double tap, another tab or a replay after a lost answer, did the work already. Callers count it as done and
 * show the server's state rather than an error.
 */
export const isAlreadyDone = (err: unknown): boolean => err instanceof ApiError && err.status === 409;
