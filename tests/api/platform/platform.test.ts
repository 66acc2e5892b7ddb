import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('platform', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.api('GET', '/no/such/call');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ error: 'not_found', message: 'No route GET /api/v2/no/such/call' });
  });

  it('names the field of invalid input', async () => {
    const res = await t.api('GET', '/article/summary', { query: { page_size: '500' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid', fields: { page_size: expect.any(String) } });
    expect(res.json().message).toMatch(/^page_size: /);
  });

  it('refuses malformed JSON with a 400 in the same shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/rest-auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid');
  });

  it('refuses NUL characters in input, naming the field', async () => {
    const res = await t.api('POST', '/rest-auth/login/', { body: { username: 'a\u0000b', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ username: 'Must not contain NUL characters.' });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    const generated = await t.app.inject('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes an OpenAPI 3.1 document generated from the contract, and its reference', async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v2/article/{id}'].get).toBeDefined();
    expect(doc.paths['/api/v2/rest-auth/login/'].post.requestBody).toBeDefined();
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('login rate limit', () => {
  it('throttles repeated logins from one address', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await limited.api('POST', '/rest-auth/login/', { body: { username: 'nobody', password: 'x' } })).statusCode);
    }
    expect(codes.slice(0, 3).every((c) => c === 401)).toBe(true);
    expect(codes[3]).toBe(429);
  });
});
