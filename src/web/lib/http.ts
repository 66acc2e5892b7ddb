import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
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
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type FetchLike = (input: Request) => Promise<Response>;

export interface HttpClientOptions {
  /** Origin the API is served from ('' in the browser: same origin). */
  baseUrl: string;
  /** fetch in the browser; fastify.inject behind a fetch signature on the server. */
  fetch?: FetchLike;
  /** Bearer token for the call, read fresh each time. */
  getAccessToken?: () => string | undefined | Promise<string | undefined>;
  /** Defaults to SPEC's 10 s. */
  timeoutMs?: number;
}

async function toApiError(err: unknown, timeoutMs: number): Promise<ApiError> {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPError) {
    const status = err.response.status;
    let body: Partial<ErrorBody> & { detail?: string; code?: string } = {};
    try {
      body = (await err.response.clone().json()) as typeof body;
    } catch {
      // not JSON: keep the generic message
    }
    return new ApiError(
      body.message ?? body.detail ?? `Request failed with status code ${status}`,
      status,
      body.error ?? body.code ?? 'http_error',
      body.fields,
    );
  }
  if (err instanceof TimeoutError) return new ApiError(`timeout of ${timeoutMs}ms exceeded`, 0, 'timeout');
  if (err instanceof DOMException && err.name === 'AbortError') return new ApiError('Request aborted', 0, 'aborted');
  // The browser knows it has no network: say so, so the page can show its offline view rather than an error.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return new ApiError('Offline', 0, 'offline');
  return new ApiError('Network Error', 0, 'network');
}

export interface RequestOptions {
  /** Send no bearer token: the answer is what a guest sees, so it may be cached under a guest key. */
  anonymous?: boolean;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface HttpClient {
  get<T>(path: string, query?: QueryParams, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T = void>(path: string): Promise<T>;
  ky: KyInstance;
}

/**
 * The one http client of the app, on both sides: 10 s timeout, retries of idempotent calls on the
 * statuses of SPEC section 9, errors turned into ApiError.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const instance = ky.create({
    prefixUrl: `${options.baseUrl}${API_PREFIX}`,
    timeout: timeoutMs,
    retry: {
      limit: HTTP_RETRY_LIMIT,
      methods: ['get', 'put', 'head', 'delete', 'options'],
      statusCodes: [...HTTP_RETRY_STATUSES],
      backoffLimit: 3000,
    },
    ...(options.fetch ? { fetch: options.fetch as typeof fetch } : {}),
    hooks: {
      beforeRequest: [
        async (request, requestOptions) => {
          if (requestOptions.context.anonymous) return;
          const token = await options.getAccessToken?.();
          if (token) request.headers.set('authorization', `Bearer ${token}`);
        },
      ],
      // The service worker marks answers it took from its caches: the offline indicator shows them.
      afterResponse: [
        (_request, _options, response) => {
          noteAnswerSource(isDeviceCopy(response));
        },
      ],
    },
  });
  const strip = (path: string) => path.replace(/^\//, '');
  const run = async <T>(call: () => Promise<Response>): Promise<T> => {
    try {
      const response = await call();
      if (response.status === 204) return undefined as T;
      return (await response.json()) as T;
    } catch (err) {
      throw await toApiError(err, timeoutMs);
    }
  };
  const searchParams = (query?: QueryParams) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
    return params;
  };
  return {
    ky: instance,
    get: (path, query, requestOptions) =>
      run(() => instance.get(strip(path), { searchParams: searchParams(query), context: { anonymous: requestOptions?.anonymous ?? false } })),
    post: (path, body) => run(() => instance.post(strip(path), body === undefined ? {} : { json: body })),
    put: (path, body) => run(() => instance.put(strip(path), { json: body })),
    patch: (path, body) => run(() => instance.patch(strip(path), { json: body })),
    delete: (path) => run(() => instance.delete(strip(path))),
  };
}

/** Fills `:name` params of a contract path. */
export function pathOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([a-z_]+)/gi, (_, key: string) => encodeURIComponent(String(params[key])));
}
