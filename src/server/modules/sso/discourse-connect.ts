import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The DiscourseConnect wire format (PROTOCOLS.md): a payload is a query string in base64, signed by
 * lower-case hex HMAC-SHA256 over the base64 text itself, with the secret the forum and the site share.
 */

/** What an `sso` may hold once decoded from the URL: base64, with the line breaks some encoders add. */
const PAYLOAD_TEXT = /^[A-Za-z0-9+/=\r\n]+$/;
const SIGNATURE_BYTES = 32;

export const isPayloadText = (sso: string): boolean => PAYLOAD_TEXT.test(sso);

export const signPayload = (secret: string, payload: string): string => createHmac('sha256', secret).update(payload).digest('hex');

/**
 * Does `sig` sign `payload`? Every answer, also for a signature of the wrong length or not hex at all, comes from
 * one comparison of 32 bytes in constant time, so the time taken says nothing about how much of it was right.
 * `equal` is node's `timingSafeEqual` (a parameter so tests can watch it).
 */
export function signatureMatches(
  secret: string,
  payload: string,
  sig: string,
  equal: (a: Buffer, b: Buffer) => boolean = timingSafeEqual,
): boolean {
  const expected = createHmac('sha256', secret).update(payload).digest();
  const wellFormed = /^[0-9a-fA-F]{64}$/.test(sig);
  // A malformed signature is compared too (against bytes it cannot match), then refused.
  const given = wellFormed ? Buffer.from(sig, 'hex') : Buffer.alloc(SIGNATURE_BYTES);
  const same = equal(expected, given);
  return wellFormed && same;
}

/** The fields of a payload, or null when it is not base64 of UTF-8 text. */
export function decodePayload(sso: string): URLSearchParams | null {
  const base64 = sso.replace(/[\r\n]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) return null;
  const bytes = Buffer.from(base64, 'base64');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- a query string carries its control characters escaped
  if (!text || /[\u0000-\u001f\u007f]/.test(text)) return null;
  return new URLSearchParams(text);
}

/** An answer payload: the fields as a query string, in base64 without line breaks. */
export function encodePayload(fields: Record<string, string>): string {
  return Buffer.from(new URLSearchParams(fields).toString(), 'utf8').toString('base64');
}
