import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type HydrationState } from 'react-router-dom';

/**
 * The server hands its data to the browser in a non-executable `<script type="application/json">` element
 * with this id: the page then needs no inline script, so the Content-Security-Policy can refuse every
 * inline script, and the same cached page can be sent to every guest (a per-response nonce could not).
 */
export const BOOT_DATA_ELEMENT_ID = 'lectern-boot';

/** A route error as JSON: react-router's own shapes, so the browser rebuilds the same error objects. */
export type SerializedRouteError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown; internal?: boolean }
  | { __type: 'Error'; message: string; __subType?: string }
  | unknown;

/** The router state the server rendered with: what `createBrowserRouter({ hydrationData })` starts from. */
export interface RouterHydration {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedRouteError> | null;
}

/** Errors that keep their class across the wire; others come back as plain `Error`. */
const ERROR_CLASSES: Record<string, new (message: string) => Error> = {
  EvalError,
  RangeError,
  ReferenceError,
  SyntaxError,
  TypeError,
  URIError,
};

export function serializeRouteErrors(errors: Record<string, unknown> | null | undefined): RouterHydration['errors'] {
  if (!errors) return null;
  const out: Record<string, SerializedRouteError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) {
      out[routeId] = { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data, internal: (error as { internal?: boolean }).internal === true };
    } else if (error instanceof Error) {
      out[routeId] = { __type: 'Error', message: error.message, ...(error.name !== 'Error' ? { __subType: error.name } : {}) };
    } else {
      out[routeId] = error;
    }
  }
  return out;
}

function isTagged(value: unknown, type: string): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && (value as { __type?: unknown }).__type === type;
}

export function deserializeRouteErrors(errors: RouterHydration['errors']): HydrationState['errors'] {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, value] of Object.entries(errors)) {
    if (isTagged(value, 'RouteErrorResponse')) {
      out[routeId] = new ErrorResponseImpl(Number(value.status), String(value.statusText ?? ''), value.data, value.internal === true);
    } else if (isTagged(value, 'Error')) {
      const ErrorClass = (typeof value.__subType === 'string' && ERROR_CLASSES[value.__subType]) || Error;
      const error = new ErrorClass(String(value.message ?? ''));
      // The server's stack means nothing in the browser.
      error.stack = '';
      out[routeId] = error;
    } else {
      out[routeId] = value;
    }
  }
  return out;
}

export function toHydrationState(router: RouterHydration): HydrationState {
  return {
    loaderData: router.loaderData,
    actionData: router.actionData,
    errors: deserializeRouteErrors(router.errors),
  };
}

/**
 * JSON safe inside a `<script>` element: `<` is escaped so no `</script>` or `<!--` can end or change the
 * element, and U+2028/U+2029 so the text stays valid for any JavaScript reader.
 */
export function escapeJsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function bootDataElement(boot: unknown): string {
  return `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${escapeJsonForHtml(boot)}</script>`;
}

/** The server's data, or undefined on a page without it (the offline shell) or with unreadable data. */
export function readBootData<T>(doc: Document): T | undefined {
  const text = doc.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
