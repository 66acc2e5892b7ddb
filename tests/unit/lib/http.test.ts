import { describe, expect, it } from 'vitest';
import { ApiError, createHttpClient, pathOf } from '../../../src/web/lib/http.js';

function fakeFetch(responses: Array<() => Response | Promise<Response>>) {
  const calls: Request[] = [];
  const fetch = async (request: Request) => {
    calls.push(request);
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next();
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('http client', () => {
  it('calls the versioned API with the bearer token', async () => {
    const { fetch, calls } = fakeFetch([() => json(200, { ok: 1 })]);
    const http = createHttpClient({ baseUrl: 'http://site.test', fetch, getAccessToken: () => 'tok' });
    expect(await http.get('/article/1/', { page: 2, empty: undefined })).toEqual({ ok: 1 });
    expect(calls[0].url).toBe('http://site.test/api/v2/article/1/?page=2');
    expect(calls[0].headers.get('authorization')).toBe('Bearer tok');
  });

  it('retries idempotent calls on the retry statuses', async () => {
    const { fetch, calls } = fakeFetch([() => json(503, {}), () => json(429, {}), () => json(200, { done: true })]);
    const http = createHttpClient({ baseUrl: 'http://site.test', fetch });
    expect(await http.get('/x')).toEqual({ done: true });
    expect(calls).toHaveLength(3);
  });

  it('ends a call when its signal aborts, without trying again', async () => {
    const calls: Request[] = [];
    let sent: () => void = () => undefined;
    const sending = new Promise<void>((resolve) => (sent = resolve));
    const fetch = (request: Request) => {
      calls.push(request);
      sent();
      return new Promise<Response>((_, reject) => {
        const fail = () => reject(new DOMException('aborted', 'AbortError'));
        if (request.signal.aborted) fail();
        request.signal.addEventListener('abort', fail);
      });
    };
    const http = createHttpClient({ baseUrl: 'http://site.test', fetch });
    const controller = new AbortController();
    const pending = http.get('/x', undefined, { signal: controller.signal });
    await sending;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    expect(calls).toHaveLength(1);
    const before = new AbortController();
    before.abort();
    await expect(http.get('/x', undefined, { signal: before.signal })).rejects.toMatchObject({ code: 'aborted' });
    expect(calls).toHaveLength(1);
  });

  it('does not retry a POST', async () => {
    const { fetch, calls } = fakeFetch([() => json(503, { error: 'server_error', message: 'Down' })]);
    const http = createHttpClient({ baseUrl: 'http://site.test', fetch });
    await expect(http.post('/x', {})).rejects.toMatchObject({ status: 503, message: 'Down' });
    expect(calls).toHaveLength(1);
  });

  it('does not retry a 404 and keeps the server fields', async () => {
    const { fetch, calls } = fakeFetch([() => json(400, { error: 'invalid', message: 'title: Required', fields: { title: 'Required' } })]);
    const http = createHttpClient({ baseUrl: 'http://site.test', fetch });
    const err = await http.get('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, code: 'invalid', fields: { title: 'Required' } });
    expect(calls).toHaveLength(1);
  });

  it('uses the catalogue messages for status, network and timeout failures', async () => {
    const status = fakeFetch([() => new Response('nope', { status: 418 })]);
    await expect(createHttpClient({ baseUrl: 'http://s.test', fetch: status.fetch }).get('/x')).rejects.toThrow(
      'Request failed with status code 418',
    );
    const network = fakeFetch([() => Promise.reject(new TypeError('fetch failed'))]);
    await expect(createHttpClient({ baseUrl: 'http://s.test', fetch: network.fetch }).post('/x')).rejects.toThrow('Network Error');
    const slow = fakeFetch([() => new Promise<Response>(() => undefined)]);
    await expect(createHttpClient({ baseUrl: 'http://s.test', fetch: slow.fetch, timeoutMs: 50 }).post('/x')).rejects.toThrow(
      'timeout of 50ms exceeded',
    );
  });

  it('sends extra headers, and a guest call without the token', async () => {
    const { fetch, calls } = fakeFetch([() => json(200, {}), () => json(200, {})]);
    const http = createHttpClient({ baseUrl: 'http://site.test', fetch, getAccessToken: () => 'tok' });
    await http.get('/x', undefined, { headers: { 'x-finger': 'f1' } });
    await http.post('/y', undefined, { anonymous: true });
    expect(calls[0].headers.get('x-finger')).toBe('f1');
    expect(calls[0].headers.get('authorization')).toBe('Bearer tok');
    expect(calls[1].headers.get('authorization')).toBeNull();
    expect(await calls[1].text()).toBe('{}');
  });

  it('uploads a form as multipart with the token, and reads a refusal into ApiError', async () => {
    const { fetch, calls } = fakeFetch([() => json(200, { id: 1 }), () => json(413, { error: 'too_large', message: 'avatar: too large', fields: { avatar: 'too large' } })]);
    const http = createHttpClient({ baseUrl: 'http://site.test', fetch, getAccessToken: () => 'tok' });
    const form = new FormData();
    form.append('avatar', new Blob(['png'], { type: 'image/png' }), 'a.png');
    expect(await http.postForm('/user/1/avatar/', form)).toEqual({ id: 1 });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url).toBe('http://site.test/api/v2/user/1/avatar/');
    expect(calls[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(calls[0].headers.get('authorization')).toBe('Bearer tok');
    await expect(http.postForm('/user/1/avatar/', form)).rejects.toMatchObject({ status: 413, code: 'too_large', fields: { avatar: 'too large' } });
    expect(calls).toHaveLength(2);
  });

  it('tries a GET again when the network failed, but never after a timeout', async () => {
    const flaky = fakeFetch([() => Promise.reject(new TypeError('fetch failed')), () => json(200, { ok: true })]);
    expect(await createHttpClient({ baseUrl: 'http://s.test', fetch: flaky.fetch }).get('/x')).toEqual({ ok: true });
    expect(flaky.calls).toHaveLength(2);
    const slow = fakeFetch([() => new Promise<Response>(() => undefined), () => json(200, {})]);
    await expect(createHttpClient({ baseUrl: 'http://s.test', fetch: slow.fetch, timeoutMs: 50 }).get('/x')).rejects.toMatchObject({ code: 'timeout' });
    expect(slow.calls).toHaveLength(1);
  });

  it('fills contract path parameters', () => {
    expect(pathOf('/category/name/:name/article', { name: 'a b' })).toBe('/category/name/a%20b/article');
  });
});
