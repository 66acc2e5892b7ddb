import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of a presented secret with the configured one. */
export function secretMatches(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
