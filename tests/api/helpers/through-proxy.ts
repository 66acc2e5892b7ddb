import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { request } from 'undici';
import { inject } from 'vitest';

/**
 * The API suite through a reverse proxy (`npm run drill`): each test file's app listens on a port of its own and
 * every call the file makes goes over HTTP through nginx, which picks the app by the `X-Lectern-Upstream`
 * header (see `routingNginxConf` in tests/drill/services.ts), and the app trusts the proxy's forwarded address. The file's assertions stay the same; what changes
 * is the path of each call: a real socket, the proxy's buffering, its forwarded headers.
 */
/** True when this run's calls go through nginx, which refuses some addresses itself before any app sees them. */
export const throughNginx = (): boolean => Boolean(inject('proxyUrl'));

export async function throughProxy(app: FastifyInstance, proxyUrl: string): Promise<FastifyInstance> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test app has no port.');
  const upstream = String(address.port);
  const inject = (options: InjectOptions | string) => send(proxyUrl, upstream, typeof options === 'string' ? { url: options } : options);
  return new Proxy(app, {
    get(target, property) {
      if (property === 'inject') return inject;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function send(proxyUrl: string, upstream: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  const target = new URL(String(options.url ?? options.path ?? '/'), proxyUrl);
  if (options.query) {
    const query = typeof options.query === 'string' ? new URLSearchParams(options.query) : options.query;
    for (const [key, value] of Object.entries(query instanceof URLSearchParams ? Object.fromEntries(query) : query)) {
      for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) target.searchParams.append(key, String(one));
    }
  }
  const headers: Record<string, string> = { 'x-lectern-upstream': upstream };
  for (const [key, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers[key.toLowerCase()] = String(value);
  // The address a test calls from (light-my-request's `remoteAddress`) arrives as a proxy in front of nginx would
  // send it; the apps trust the proxy's header (TRUST_PROXY=1), as a site behind nginx does.
  if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
  if (options.cookies) headers.cookie = Object.entries(options.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
  const payload = options.payload ?? options.body;
  let body: string | Buffer | undefined;
  if (payload !== undefined && payload !== null) {
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload;
    else if (payload instanceof Uint8Array) body = Buffer.from(payload);
    else {
      body = JSON.stringify(payload);
      headers['content-type'] ??= 'application/json';
    }
  }
  const method = (options.method ?? 'GET').toUpperCase() as 'GET';
  const res = await request(target, { method, headers, body });
  const raw = Buffer.from(await res.body.arrayBuffer());
  // nginx puts its own name in `Server` (the app sends none): an answer without it did not pass through the proxy.
  if (!String(res.headers.server ?? '').startsWith('nginx')) throw new Error(`${method} ${target.pathname} was not answered through nginx.`);
  const text = raw.toString('utf8');
  const setCookies = res.headers['set-cookie'];
  return {
    statusCode: res.statusCode,
    statusMessage: '',
    headers: res.headers,
    rawPayload: raw,
    payload: text,
    body: text,
    trailers: {},
    json: <T = unknown>() => JSON.parse(text) as T,
    cookies: (Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []).map(parseSetCookie),
    stream: () => {
      throw new Error('stream() is not offered through the proxy.');
    },
    raw: undefined as never,
  } as unknown as LightMyRequestResponse;
}

function parseSetCookie(header: string): { name: string; value: string; [attribute: string]: unknown } {
  const [pair = '', ...attributes] = header.split(';');
  const at = pair.indexOf('=');
  const cookie: { name: string; value: string; [attribute: string]: unknown } = { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  for (const attribute of attributes) {
    const [key = '', value] = attribute.split('=');
    const name = key.trim().toLowerCase();
    const camel = name === 'max-age' ? 'maxAge' : name === 'httponly' ? 'httpOnly' : name === 'samesite' ? 'sameSite' : name;
    cookie[camel] = value === undefined ? true : value.trim();
  }
  return cookie;
}
