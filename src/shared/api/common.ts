import { z } from 'zod';

export { API_PREFIX } from './prefix.js';
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** Ids are 32-bit on PostgreSQL: a larger number is invalid input, not a server error. */
export const MAX_ID = 2_147_483_647;
export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** Where this site serves public pictures from: its own files (`/media/`) and uploads (`/uploads/`). */
export const PICTURE_PATH = /^\/(?:media|uploads)\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * A cover or product picture: a public picture of this site (every page's policy shows no other), given by its
 * path; `POST images` uploads one. Empty for none.
 */
export const picturePath = z
  .string()
  .trim()
  .max(500, 'Use at most 500 characters.')
  .refine((value) => value === '' || PICTURE_PATH.test(value), 'Give a picture of this site: a path under /media/ or /uploads/ (POST images uploads one).');

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Every list answers `{count, next, previous, results}`; next/previous are absolute URLs or null. */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const errorBody = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** What the server changed while refusing, one sentence each: a basket's corrections when a checkout met them. */
  changes: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ detail: z.string() });

/** ISO-8601 timestamps as sent on the wire. */
export const isoDate = z.string();
