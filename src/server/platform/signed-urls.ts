import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that work without a login for a while: a path signed with an HMAC of the site's secret, with the time it
 * stops working (`exp`, Unix seconds). Each use (`purpose`) has a key of its own, so a signature made for one
 * kind of link never opens another. Member media and order downloads use it.
 */
export interface UrlSigner {
  /** The signature of `pathname` until `exp`. */
  signatureOf(pathname: string, exp: number): string;
  /** Whether `sig` signs this path until `exp` (seconds, as sent), and `exp` has not passed. */
  isValid(pathname: string, exp: string, sig: string, nowSeconds?: number): boolean;
}

export function urlSigner(secretKey: string, purpose: string): UrlSigner {
  const key = createHmac('sha256', secretKey).update(purpose).digest();
  const signatureOf = (pathname: string, exp: number) => createHmac('sha256', key).update(`${pathname}|${exp}`).digest('base64url');
  return {
    signatureOf,
    isValid(pathname, exp, sig, nowSeconds = Date.now() / 1000) {
      if (!/^\d{1,12}$/.test(exp) || Number(exp) < nowSeconds) return false;
      const expected = Buffer.from(signatureOf(pathname, Number(exp)));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * The end of the next whole period plus one: a link made now lives one to two periods, and every link made in
 * the same period is the same (a page rendered twice in it does not change).
 */
export const expiryAfter = (nowSeconds: number, periodSeconds: number) => (Math.floor(nowSeconds / periodSeconds) + 2) * periodSeconds;
