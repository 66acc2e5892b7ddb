/**
 * The current time in milliseconds: tokens, the refresh grace window and the session cache read it here.
 * It is `Date.now()`, so tests move it with `vi.useFakeTimers({ toFake: ['Date'] })` and `vi.setSystemTime`.
 */
export const now = (): number => Date.now();

/** Timestamps are ISO-8601 UTC text everywhere (database and wire). */
export const nowIso = (): string => new Date().toISOString();

export const isoIn = (seconds: number): string => new Date(Date.now() + seconds * 1000).toISOString();

/** SPEC's expiration format: ISO 8601 UTC with microseconds, e.g. 2000-01-01T00:00:00.000000Z. */
export function isoMicro(date: Date | string): string {
  const iso = typeof date === 'string' ? date : date.toISOString();
  return iso.replace(/\.(\d{3})Z$/, '.$1000Z');
}
