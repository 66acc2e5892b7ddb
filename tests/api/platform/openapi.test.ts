import Ajv2020 from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../../../src/server/platform/openapi.js';
import { routeAuth } from '../../../src/server/platform/route-guard.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  'x-auth'?: string;
  description?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

let t: TestApp;
let doc: Document;
let userToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
  userToken = await tokenFor(t, await createUser(t));
  staffToken = await tokenFor(t, await createStaff(t));
});

function operations(): Array<{ method: string; path: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ method, path, op })),
  );
}

const find = (method: string, path: string): Operation => {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return op;
};

/** The value at a local JSON pointer (`#/a/b`), or undefined. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  return ref
    .slice(1)
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

/** A path with every template parameter filled in, as a client would call it. */
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'action' ? 'login' : '1'));

/** Plausible values for the required query parameters, so that validation lets the call through. */
function requiredQuery(op: Operation): Record<string, string> {
  const query: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    if (p.in !== 'query' || !p.required) continue;
    const schema = (p.schema ?? {}) as { type?: string; format?: string };
    if (schema.format === 'email' || p.name.includes('email')) query[p.name] = 'probe@example.com';
    else if (p.name.includes('phone') || p.name.includes('mobile')) query[p.name] = '13800138000';
    else query[p.name] = schema.type === 'string' ? 'probe' : '1';
  }
  return query;
}

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document whose every $ref resolves', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    expect(operations().length).toBeGreaterThan(50);
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(resolvePointer(doc, ref), ref).toBeDefined();
  });

  it('gives every operation a unique operationId derived from its method and path', () => {
    const ids = operations().map(({ method, path, op }) => {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(find('get', '/api/v2/article/{id}').operationId).toBe('getArticleById');
    expect(operationIdOf('POST', '/api/v2/rest-auth/token/refresh/')).toBe('postRestAuthTokenRefresh');
    expect(operationIdOf('GET', '/api/v2/user/profile/:id/check_email_exist')).toBe('getUserProfileByIdCheckEmailExist');
  });

  it('has well-formed operations: responses with descriptions, declared path parameters, known security schemes', () => {
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`;
      expect(Object.keys(op.responses).length, where).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status, where).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
        expect(typeof response.description, `${where} ${status}`).toBe('string');
      }
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), where).toEqual(templated);
      for (const p of declared) expect(p.required, `${where} ${p.name}`).toBe(true);
      const keys = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size, where).toBe(keys.length);
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes, where).toHaveProperty(scheme);
      }
    }
  });

  it('holds schemas that compile as JSON Schema 2020-12, the dialect of OpenAPI 3.1', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const base = 'https://lectern.test/openapi.json';
    ajv.addSchema({ $id: base, components: doc.components }, base);
    const absolute = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${base}#/components/`)) as object;
    const schemas: unknown[] = Object.values(doc.components.schemas);
    for (const { op } of operations()) {
      for (const p of op.parameters ?? []) schemas.push(p.schema);
      for (const media of Object.values(op.requestBody?.content ?? {})) schemas.push(media.schema);
      for (const response of Object.values(op.responses)) for (const media of Object.values(response.content ?? {})) schemas.push(media.schema);
    }
    // Many operations share a schema (an id parameter, a page of cards): each distinct one is compiled once.
    const distinct = new Set(schemas.filter((s) => s !== undefined).map((s) => JSON.stringify(s)));
    for (const text of distinct) expect(() => ajv.compile(absolute(JSON.parse(text)))).not.toThrow();
    expect(distinct.size).toBeGreaterThan(100);
  });
});

describe('security in the document', () => {
  it('states on every operation who may call it', () => {
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`;
      expect(['public', 'optional', 'user', 'staff'], where).toContain(op['x-auth']);
      expect(Array.isArray(op.security), where).toBe(true);
      if (op['x-auth'] === 'user' || op['x-auth'] === 'staff') expect(op.security, where).toEqual([{ bearer: [] }]);
      if (op['x-auth'] === 'staff') expect(op.description, where).toMatch(/Staff only/);
      if (op['x-auth'] === 'optional') expect(op.security, where).toEqual([{}, { bearer: [] }]);
      if (op['x-auth'] === 'public') expect(op.security, where).toEqual([]);
    }
  });

  it('marks the guarded routes of every module', () => {
    const expected: Array<[string, string, string]> = [
      ['get', '/api/v2/rest-auth/user/', 'user'],
      ['patch', '/api/v2/rest-auth/user/', 'user'],
      ['post', '/api/v2/rest-auth/password/change/', 'user'],
      ['get', '/api/v2/user/profile/{id}', 'user'],
      ['post', '/api/v2/submission/file', 'user'],
      ['get', '/api/v2/report', 'user'],
      ['get', '/api/v2/read/{id}', 'user'],
      ['post', '/api/v2/article', 'staff'],
      ['delete', '/api/v2/categories/{id}', 'staff'],
      ['patch', '/api/v2/tags/{id}', 'staff'],
      ['post', '/api/v2/topic/{id}/article', 'staff'],
      ['get', '/api/v2/article/adminpreview/{id}', 'staff'],
      ['get', '/api/v2/user/sso/discourse', 'user'],
      ['post', '/api/v2/comments/api/comment', 'user'],
      ['get', '/api/v2/comments/api/{content_type}/{object_id}', 'optional'],
      ['post', '/api/v2/comments/api/comment/{id}/approve', 'staff'],
      ['get', '/api/v2/article/{id}', 'optional'],
      ['get', '/api/v2/search', 'optional'],
      ['get', '/api/v2/categories', 'public'],
      ['post', '/api/v2/rest-auth/login/', 'public'],
    ];
    for (const [method, path, auth] of expected) expect(find(method, path)['x-auth'], `${method} ${path}`).toBe(auth);
  });

  it('matches what the server does: no guarded operation answers a caller without a token', async () => {
    let probed = 0;
    for (const { method, path, op } of operations()) {
      const auth = op['x-auth'];
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: concrete(path),
        query: requiredQuery(op),
        ...(op.requestBody ? { payload: {} } : {}),
      });
      const where = `${method} ${path} answered ${res.statusCode}`;
      if (auth === 'public' || auth === 'optional') {
        // A guard the document does not state would answer 401 here (or 403, for a staff check on a guest).
        // A 401 the route itself documents is about other credentials (a password, a one-time cookie).
        if (!op.responses['401']) expect(res.statusCode, where).not.toBe(401);
        expect(res.statusCode, where).not.toBe(403);
      } else {
        // The guard runs before the input is validated: an empty body is refused for the missing login.
        expect(res.statusCode, where).toBe(401);
        probed += 1;
      }
    }
    expect(probed).toBeGreaterThan(60);
  });

  it('checks rights before input: a reader gets 403 from every staff operation and a guest 401 from every guarded one, whatever they send', async () => {
    const guarded = operations().filter(({ op }) => op['x-auth'] === 'staff' || op['x-auth'] === 'user');
    expect(guarded.filter(({ op }) => op['x-auth'] === 'staff' && op.requestBody).length).toBeGreaterThan(20);
    // Input each schema refuses: a path id that is no number, no required query, a body of the wrong type.
    const bad = (path: string) => path.replace(/\{[^}]+\}/g, 'not-a-number');
    for (const { method, path, op } of guarded) {
      for (const [who, token, expected] of [
        ['a guest', undefined, 401],
        ['a reader', userToken, op['x-auth'] === 'staff' ? 403 : undefined],
      ] as const) {
        if (expected === undefined) continue;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url: bad(path),
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          ...(method === 'get' || method === 'delete' ? {} : { payload: '"not an object"' }),
        });
        expect(res.statusCode, `${method.toUpperCase()} ${path} by ${who}: ${res.body}`).toBe(expected);
      }
    }
    // An upload is refused before its bytes are read.
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v2/images',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${userToken}` },
      payload: Buffer.alloc(64 * 1024 * 1024),
    });
    expect(upload.statusCode).toBe(403);
  });

  it('matches what the server does for guarded writes with valid bodies', async () => {
    const samples: Array<[string, string, unknown]> = [
      ['POST', '/article', { title: 'T', summary: 'S', body_markdown: 'B', category_id: 1 }],
      ['POST', '/categories', { name: 'Probe', slug: 'probe' }],
      ['PATCH', '/tags/1', { name: 'probe' }],
      ['PATCH', '/rest-auth/user/', { display_name: 'Probe' }],
      ['POST', '/report', { article_id: 1, reason: 'spam', detail: 'x' }],
    ];
    for (const [method, path, body] of samples) {
      const res = await t.api(method as 'POST', path, { body });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/profile/1/avatar',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(upload.statusCode).toBe(401);
  });

  it('matches what the server does for staff operations: a reader without staff rights is refused', async () => {
    const staffOnly = operations().filter(({ op }) => op['x-auth'] === 'staff' && !op.requestBody);
    expect(staffOnly.length).toBeGreaterThan(5);
    for (const { method, path } of staffOnly) {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: concrete(path),
        query: requiredQuery(find(method, path)),
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    // Staff pass the guard (the article does not exist).
    const staff = await t.api('GET', '/article/adminpreview/2147483000', { token: staffToken });
    expect(staff.statusCode).toBe(404);
  });

  it('reads the guard from the handler', () => {
    expect(routeAuth('GET', '/x', async (request: unknown) => ({ request }))).toBe('public');
    expect(routeAuth('POST', '/x', async function handler() { return 'requireStaff(request)'; })).toBe('staff');
    expect(routeAuth('GET', '/api/v2/rest-auth/user/', () => null)).toBe('user');
  });
});

describe('error answers in the document', () => {
  it('refer every 4xx answer to the one Error component, which matches what the server sends', async () => {
    const error = doc.components.schemas.Error;
    expect(error).toMatchObject({ type: 'object', required: ['error', 'message'] });
    expect(error.properties).toHaveProperty('fields');
    let uses = 0;
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('4')) continue;
        expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        uses += 1;
      }
    }
    expect(uses).toBeGreaterThan(200);
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(error);
    const notFound = await t.api('GET', '/article/2147483000');
    expect(notFound.statusCode).toBe(404);
    expect(validate(notFound.json())).toBe(true);
    const invalid = await t.api('GET', '/search', { query: { q: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(validate(invalid.json())).toBe(true);
  });

  it('lists 400 where there is input, 401 and 403 where a login is needed, 404 where there is an id', () => {
    for (const { method, path, op } of operations()) {
      const where = `${method} ${path}`;
      const statuses = Object.keys(op.responses);
      if (op.parameters?.length || op.requestBody) expect(statuses, where).toContain('400');
      if (op['x-auth'] === 'user' || op['x-auth'] === 'staff') expect(statuses, where).toEqual(expect.arrayContaining(['401', '403']));
      if (path.includes('{')) expect(statuses, where).toContain('404');
      if (op.requestBody) expect(statuses, where).toEqual(expect.arrayContaining(['413', '415']));
    }
    expect(Object.keys(find('post', '/api/v2/rest-auth/login/').responses)).toContain('429');
    expect(Object.keys(find('delete', '/api/v2/article/{id}').responses)).toContain('204');
  });
});

describe('uploads in the document', () => {
  it('describe the submission as a multipart form with a binary file field', () => {
    const body = find('post', '/api/v2/submission/file').requestBody;
    const schema = body?.content['multipart/form-data']?.schema as { properties: Record<string, Record<string, string>>; required: string[] };
    expect(schema.required).toContain('file');
    expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' });
    expect(schema.properties.note).toMatchObject({ type: 'string' });
  });

  it('describe the avatar as a multipart form or a raw image body', () => {
    const content = find('post', '/api/v2/user/profile/{id}/avatar').requestBody?.content ?? {};
    const form = content['multipart/form-data']?.schema as { properties: Record<string, Record<string, string>>; required: string[] };
    expect(form.required).toEqual(['avatar']);
    expect(form.properties.avatar).toMatchObject({ type: 'string', format: 'binary' });
    expect(content['application/octet-stream']?.schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it.each(['/api/v2/lesson/{id}/media', '/api/v2/article/{id}/media'])('describe %s as the raw bytes of an image, audio or PDF', (path) => {
    const content = find('post', path).requestBody?.content ?? {};
    for (const type of ['application/octet-stream', 'image/png', 'audio/mpeg', 'application/pdf']) {
      expect(content[type]?.schema, type).toMatchObject({ type: 'string', format: 'binary' });
    }
  });
});
