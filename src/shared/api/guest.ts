import { z } from 'zod';
import { MAX_ID } from './common.js';

export * from './guest-paths.js';

const id = z.coerce.number().int().positive().max(MAX_ID);

/** A generated device fingerprint: 8 to 128 letters, digits, "-" or "_". */
export const userfingerField = z
  .string()
  .trim()
  .min(8, 'Use at least 8 characters.')
  .max(128, 'Use at most 128 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, "-" or "_" only.');

export const userfingerQuery = z.object({ userfinger: userfingerField });
export const userfinger = z.object({
  id: z.number().int(),
  userfinger: z.string(),
  /** The caller's own id when the fingerprint is tied to the caller; null otherwise (never someone else's). */
  user_id: z.number().int().nullable(),
  created_at: z.string(),
});
/**
 * `ip_address` is accepted for compatibility and ignored: the server records the request's address.
 * `user_id` must be the caller's own (0 or null means none).
 */
export const userfingerBody = z.object({
  userfinger: userfingerField,
  ip_address: z.string().max(64).nullish(),
  user_id: z.number().int().min(0).max(MAX_ID).nullish(),
});

const viewCount = z.number().int().min(0).max(1_000_000);
const countFields = {
  /** This calendar month's count (UTC): the larger of what the client reported and the articles metered. */
  view_count: z.number().int(),
  month: z.string(),
  /** Premium articles open free this month. */
  limit: z.number().int(),
};
export const guestViewCountQuery = z.object({ userfinger_id: id });
/**
 * `userfinger` is the fingerprint's own value: ids are sequential, so the value (which only the device that
 * generated it holds) is the proof that the count is the caller's own.
 */
export const guestViewCountBody = z.object({ userfinger_id: id, view_count: viewCount, userfinger: userfingerField });
export const guestViewCount = z.object({ userfinger_id: z.number().int(), ...countFields });
export const userViewCountQuery = z.object({ user_id: id });
export const userViewCountBody = z.object({ user_id: id, view_count: viewCount });
export const userViewCount = z.object({ user_id: z.number().int(), ...countFields });
