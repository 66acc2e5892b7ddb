import type { ErrorBody } from '../../shared/api/common.js';
import { API_PREFIX } from '../../shared/api/prefix.js';
import { HTTP_RETRY_LIMIT, HTTP_RETRY_STATUSES, HTTP_TIMEOUT_MS } from '../../shared/constants.js';
import { isDeviceCopy, noteAnswerSource } from './device-copy.js';

/** A failed call, with SPEC section 8's messages and the server's `{error, message, fields}` when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields?: Record<string, string>,
    /** What the server changed while refusing (a basket's corrections), one sentence each. */
    readonly changes?: string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type FetchLike = (input: Request) => Promise<Response>;

/** A guest's GET answered without a request: the data, or the API's refusal. */
export type GuestReadAnswer = { status: 200; body: unknown } | { status: number; body: ErrorBody };

/** On the server: answers the GET calls a module serves in process; undefined sends the call to the API. */
export type GuestReadsFn = (path: string, query: QueryParams | undefined) => Promise<GuestReadAnswer | undefined>;

export interface HttpClientOptions {
  /** Origin the API is served from ('' in the browser: same origin). */
  baseUrl: string;
  /** fetch in the browser; fastify.inject behind a fetch signature on the server. */
  fetch?: FetchLike;
  /** Bearer token for the call, read fresh each time. */
  getAccessToken?: () => string | undefined | Promise<string | undefined>;
  /** Defaults to SPEC's 10 s. */
  timeoutMs?: number;
  /** Server rendering only (every call a guest's): GET calls a module answers in process. */
  guestReads?: GuestReadsFn;
}

export interface RequestOptions {
  /** Send no bearer token: the answer is what a guest sees, so it may be cached under a guest key. */
  anonymous?: boolean;
  /** Extra request headers (the device fingerprint of a guest, for instance). */
  headers?: Record<string, string>;
  /** Ends the call (and its retries) early: it fails with an ApiError of code `aborted`. */
  signal?: AbortSignal;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface HttpClient {
  get<T>(path: string, query?: QueryParams, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T = void>(path: string): Promise<T>;
  /** A multipart POST (a file upload), with the same token, timeout and errors. */
  postForm<T>(path: string, form: FormData): Promise<T>;
}

/** The methods a failed call may be sent again for: they change nothing more when repeated. */
const IDEMPOTENT = new Set(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS']);
/** The longest wait between two tries. */
const BACKOFF_LIMIT_MS = 3000;

/** A status the server refused the call with (not yet read into an ApiError). */
class StatusFailure {
  constructor(readonly response: Response) {}
}

class Timeout {}

async function toApiError(err: unknown, timeoutMs: number): Promise<ApiError> {
  if (err instanceof ApiError) return err;
  if (err instanceof StatusFailure) {
    const status = err.response.status;
    let body: Partial<ErrorBody> & { detail?: string; code?: string } = {};
    try {
      body = (await err.response.json()) as typeof body;
    } catch {
      // not JSON: keep the generic message
    }
    return new ApiError(
      body.message ?? body.detail ?? `Request failed with status code ${status}`,
      status,
      body.error ?? body.code ?? 'http_error',
      body.fields,
      body.changes,
    );
  }
  if (err instanceof Timeout) return new ApiError(`timeout of ${timeoutMs}ms exceeded`, 0, 'timeout');
  if (err instanceof DOMException && err.name === 'AbortError') return new ApiError('Request aborted', 0, 'aborted');
  // The browser knows it has no network: say so, so the page can show its offline view rather than an error.
  if (isOffline()) return new ApiError('Offline', 0, 'offline');
  return new ApiError('Network Error', 0, 'network');
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** How long to wait before try number `retry` (1, 2, ...): the server's Retry-After when it sent one, else 0.3 s doubling. */
function retryDelay(retry: number, failure: unknown): number {
  const after = failure instanceof StatusFailure ? failure.response.headers.get('retry-after') : null;
  if (after) {
    const seconds = Number(after);
    const ms = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
    if (ms >= 0) return Math.min(ms, BACKOFF_LIMIT_MS);
  }
  return Math.min(300 * 2 ** (retry - 1), BACKOFF_LIMIT_MS);
}

/**
 * The one http client of the app, on both sides, on plain fetch: 10 s timeout per try, retries of idempotent
 * calls on the statuses of SPEC section 9 and on network failures, errors turned into ApiError.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const prefix = `${options.baseUrl}${API_PREFIX}/`;

  /** One try: the request goes out with the token, and a failed status or the timeout is thrown. */
  const attempt = async (url: string, init: RequestInit, requestOptions: RequestOptions): Promise<Response> => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(requestOptions.headers ?? {})) headers.set(name, value);
    if (!requestOptions.anonymous) {
      const token = await options.getAccessToken?.();
      if (token) headers.set('authorization', `Bearer ${token}`);
    }
    // A call already given up goes out no more.
    if (requestOptions.signal?.aborted) throw new DOMException('The call was aborted', 'AbortError');
    const controller = new AbortController();
    const abort = () => controller.abort();
    requestOptions.signal?.addEventListener('abort', abort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Timeout());
      }, timeoutMs);
    });
    try {
      const response = await Promise.race([send(new Request(url, { ...init, headers, signal: controller.signal })), timedOut]);
      // The service worker marks answers it took from its caches: the offline indicator shows them.
      noteAnswerSource(isDeviceCopy(response));
      if (!response.ok) throw new StatusFailure(response);
      return response;
    } finally {
      clearTimeout(timer);
      requestOptions.signal?.removeEventListener('abort', abort);
    }
  };

  const call = async <T>(method: string, path: string, init: RequestInit, requestOptions: RequestOptions = {}, query?: QueryParams): Promise<T> => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
    const search = params.toString() ? `?${params.toString()}` : '';
    const url = `${prefix}${path.replace(/^\//, '')}${search}`;
    for (let retry = 0; ; retry += 1) {
      try {
        const response = await attempt(url, { ...init, method }, requestOptions);
        if (response.status === 204) return undefined as T;
        return (await response.json()) as T;
      } catch (err) {
        const retriable =
          IDEMPOTENT.has(method) &&
          retry < HTTP_RETRY_LIMIT &&
          !(err instanceof Timeout) &&
          !isOffline() &&
          (err instanceof StatusFailure ? (HTTP_RETRY_STATUSES as readonly number[]).includes(err.response.status) : err instanceof TypeError);
        if (!retriable) throw await toApiError(err, timeoutMs);
        await new Promise((resolve) => setTimeout(resolve, retryDelay(retry + 1, err)));
      }
    }
  };
  const json = (body: unknown): RequestInit =>
    body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const guestReads = options.guestReads;
  /** A GET answered in process when the server can; the API's refusal becomes the same ApiError a request gets. */
  const read = async <T>(path: string, query: QueryParams | undefined, requestOptions: RequestOptions | undefined): Promise<T> => {
    const answer = await guestReads!(path, query);
    if (answer === undefined) return call('GET', path, {}, requestOptions, query);
    if (answer.status === 200) return answer.body as T;
    const body = answer.body as ErrorBody;
    throw new ApiError(body.message, answer.status, body.error, body.fields);
  };
  return {
    get: guestReads ? read : (path, query, requestOptions) => call('GET', path, {}, requestOptions, query),
    // A POST always sends a JSON body, `{}` when the caller has none.
    post: (path, body, requestOptions) => call('POST', path, json(body ?? {}), requestOptions),
    put: (path, body) => call('PUT', path, json(body)),
    patch: (path, body) => call('PATCH', path, json(body)),
    delete: (path) => call('DELETE', path, {}),
    postForm: (path, form) => call('POST', path, { body: form }),
  };
}

/** Fills `:name` params of a contract path. */
export function pathOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([a-z_]+)/gi, (_, key: string) => encodeURIComponent(String(params[key])));
}
