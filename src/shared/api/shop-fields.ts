import { z } from 'zod';
import { MAX_ID } from './common.js';
import { OP_ID_HEADER } from './shop-paths.js';

/** The fields the shop's schemas share. */

export const id = z.coerce.number().int().positive().max(MAX_ID);
export const bodyId = z.number().int().positive().max(MAX_ID);
/** Money in the currency's minor unit (fen for CNY). */
export const amount = z.number().int('Use an integer amount in the minor unit.').min(0).max(100_000_000);
export const blank = 'This field may not be blank.';
export const text = (max: number) => z.string().trim().min(1, blank).max(max, `Use at most ${max} characters.`);
export const optionalText = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
export const slug = z
  .string()
  .trim()
  .min(1, blank)
  .max(80, 'Use at most 80 characters.')
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'Use lower-case letters, digits, "-" or "_".');
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Use a two-letter ISO 3166-1 country code.')
  .transform((v) => v.toUpperCase());
export const instant = z.iso.datetime({ offset: true });

/** Every basket change may carry a client operation id in the `Idempotency-Key` header. */
export const opHeaders = z.object({
  [OP_ID_HEADER]: z
    .string()
    .min(1)
    .max(100, 'Use at most 100 characters.')
    .regex(/^[\x21-\x7e]+$/, 'Use printable ASCII without spaces.')
    .optional(),
});
