import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { devPayPath } from '../../../shared/api/payments-paths.js';
import type { Config } from '../../config.js';
import { now } from '../../platform/time.js';
import { rejected, type OrderToPay, type PaymentProvider, type Verdict } from './provider.js';

/**
 * The `dev` provider: a test payment page on this site, so a demo visitor or a test can pay or fail an order
 * without a real provider, through the same mark-paid service. Its link carries a token signed with a key
 * derived from SECRET_KEY, bound to the order number, amount, buyer and attempt, and expiring with the order
 * (30 minutes at most): order ids cannot be guessed into payments.
 */

/** Longest a test payment link stays usable. */
export const DEV_TOKEN_SECONDS = 30 * 60;

export interface DevToken {
  /** The order number. */
  o: string;
  /** The amount in minor units. */
  a: number;
  /** The buyer's user id. */
  u: number;
  /** The payment attempt. */
  n: number;
  /** Expiry, seconds since the epoch. */
  x: number;
  /** A random id: the trade number of a payment made with this link, so a double submit pays once. */
  r: string;
}

/** Off by default outside demo mode, and never in production outside demo mode whatever the setting. */
export const devProviderAvailable = (config: Config): boolean =>
  config.paymentDevProvider && !(config.env === 'production' && !config.demoMode);

const tokenKey = (secretKey: string) => createHmac('sha256', secretKey).update('lectern payments: dev token').digest();

const mac = (secretKey: string, payload: string) => createHmac('sha256', tokenKey(secretKey)).update(payload).digest();

export function signDevToken(secretKey: string, token: DevToken): string {
  const payload = Buffer.from(JSON.stringify(token)).toString('base64url');
  return `${payload}.${mac(secretKey, payload).toString('base64url')}`;
}

/** The token's claims when genuine and not expired; otherwise the reason it is refused. */
export function readDevToken(secretKey: string, text: string, nowSeconds: number): DevToken | { problem: string } {
  const match = /^([A-Za-z0-9_-]{1,800})\.([A-Za-z0-9_-]{43})$/.exec(text);
  if (!match) return { problem: 'token malformed' };
  const expected = mac(secretKey, match[1]);
  const given = Buffer.from(match[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'token signature does not verify' };
  let claims: DevToken;
  try {
    claims = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as DevToken;
  } catch {
    return { problem: 'token malformed' };
  }
  if (typeof claims.o !== 'string' || !Number.isSafeInteger(claims.a) || !Number.isSafeInteger(claims.u) || typeof claims.r !== 'string' || typeof claims.x !== 'number') {
    return { problem: 'token malformed' };
  }
  if (nowSeconds >= claims.x) return { problem: 'token expired' };
  return claims;
}

export function devPayUrl(config: Config, order: OrderToPay, attempt: number, nowSeconds: number): string {
  const orderEnds = Math.floor(Date.parse(order.expires_at) / 1000);
  const token = signDevToken(config.secretKey, {
    o: order.number,
    a: order.total,
    u: order.user_id,
    n: attempt,
    x: Math.min(orderEnds, nowSeconds + DEV_TOKEN_SECONDS),
    r: randomBytes(9).toString('base64url'),
  });
  return `${config.publicUrl}${devPayPath}?token=${token}`;
}

export type DevAction = 'pay' | 'fail';

/** The verdict on a form posted from the test payment page: `token` and `action` (pay or fail). */
export function verifyDevForm(config: Config, body: string, nowSeconds: number): Verdict {
  const form = new URLSearchParams(body);
  const action = form.get('action');
  if (action !== 'pay' && action !== 'fail') return rejected('action must be pay or fail');
  const claims = readDevToken(config.secretKey, form.get('token') ?? '', nowSeconds);
  if ('problem' in claims) return rejected(claims.problem, 403);
  const receipt = { provider: 'dev' as const, providerTradeNo: `DEV-${claims.r}`, orderNumber: claims.o, amount: claims.a };
  return action === 'pay' ? { kind: 'paid', receipt, state: 'PAID', buyer: claims.u } : { kind: 'unpaid', receipt, state: 'FAILED', buyer: claims.u };
}

export const devProvider: PaymentProvider = {
  method: 'dev',
  available: devProviderAvailable,
  start: async (config, order, request) => ({ kind: 'redirect', url: devPayUrl(config, order, request.attempt, Math.floor(now() / 1000)) }),
  verifyNotification: (config, raw) => verifyDevForm(config, raw.body, raw.now),
  // A test payment took no money: its refund completes here.
  refund: async () => ({ state: 'succeeded', providerRefundNo: null }),
};
