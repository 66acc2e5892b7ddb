import { data } from 'react-router-dom';

/** Largest id the database columns hold: anything above is not a page, so it is a 404 before any call. */
const MAX_ID = 2_147_483_647;

/** A failed validation of the URL: the not-found page for this path (SPEC section 2). */
export function notFound(request: Request): never {
  throw data(new URL(request.url).pathname, { status: 404 });
}

/** A positive integer id written plainly ("12", not "012", "1e3" or "0x1f"), or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** A name or slug segment: non-empty after trimming and at most 100 characters (the contract's limit). */
export function parseName(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed.length > 0 && trimmed.length <= 100 ? trimmed : null;
}

/** `?page=`: 1 when absent, null when not a positive integer. */
export function parsePage(search: URLSearchParams): number | null {
  const raw = search.get('page');
  return raw === null ? 1 : parseId(raw);
}

export function requireId(value: string | undefined, request: Request): number {
  return parseId(value) ?? notFound(request);
}

export function requireName(value: string | undefined, request: Request): string {
  return parseName(value) ?? notFound(request);
}

export function requirePage(request: Request): number {
  return parsePage(new URL(request.url).searchParams) ?? notFound(request);
}
