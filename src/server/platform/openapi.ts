import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX, errorBody } from '../../shared/api/common.js';
import { contentPaths } from '../../shared/api/content-paths.js';
import { memberMediaPaths } from '../../shared/api/courses.js';
import { usersPaths } from '../../shared/api/users-paths.js';
import type { Config } from '../config.js';
import { routeAuth, type RouteAuth } from './route-guard.js';

/**
 * The OpenAPI 3.1 document at /api/openapi.json, built from the routes themselves so that it cannot say
 * something the server does not do:
 * - operationId: the route's own `schema.operationId`, else the method and the path (`getArticleById`);
 * - security: read from the handler, which calls requireStaff / requireUser (login) or getActor / entitlementOf (a token
 *   is optional and changes the answer); a test probes every operation without a token to hold this true;
 * - errors: every 4xx answer is the one `Error` component, listed where it can occur;
 * - uploads: multipart and raw bodies, which the zod contract cannot describe.
 */

const ERROR_REF = '#/components/schemas/Error';

const binary = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };

/** A lesson's or an article's own file, sent as its raw bytes. */
const MEDIA_UPLOAD = Object.fromEntries(
  ['application/octet-stream', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'audio/mpeg', 'audio/ogg', 'audio/mp4', 'application/pdf'].map((type) => [
    type,
    { schema: { ...binary, description: 'PNG, JPEG, GIF or WebP image, MP3, Ogg or M4A audio, or PDF (judged by its bytes)' } },
  ]),
);

/** Request bodies the zod contract does not describe: the file uploads. */
const UPLOADS: Record<string, Record<string, { schema: Record<string, unknown> }>> = {
  [`POST ${API_PREFIX}${contentPaths.submissionFile}`]: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { ...binary, description: 'PDF, DOCX, Markdown, plain text, PNG, JPEG or WebP' },
          note: { type: 'string', maxLength: 2000, description: 'A note for the editors' },
        },
      },
    },
  },
  [`POST ${API_PREFIX}${usersPaths.avatar}`]: {
    'multipart/form-data': {
      schema: { type: 'object', required: ['avatar'], properties: { avatar: { ...binary, description: 'PNG, JPEG, WebP or GIF' } } },
    },
    'application/octet-stream': { schema: binary },
    'image/png': { schema: binary },
    'image/jpeg': { schema: binary },
    'image/webp': { schema: binary },
    'image/gif': { schema: binary },
  },
  [`POST ${API_PREFIX}${memberMediaPaths.lessonMedia}`]: MEDIA_UPLOAD,
  [`POST ${API_PREFIX}${memberMediaPaths.articleMedia}`]: MEDIA_UPLOAD,
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid input; `fields` names each field at fault',
  '401': 'No valid login: the token is missing, invalid or expired',
  '403': 'Logged in, but not allowed',
  '404': 'Not found',
  '409': 'Conflicts with the current state (a name or value already taken, a state that does not allow it)',
  '413': 'The body or file is too large',
  '415': 'The body has a type this operation does not accept',
  '429': 'Too many requests; try again later',
};

const NO_CONTENT = /\.status\(\s*204\s*\)/;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/v2/article/:id` -> `getArticleById`; `POST /api/v2/rest-auth/token/refresh/` -> `postRestAuthTokenRefresh`. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .slice(url.startsWith(API_PREFIX) ? API_PREFIX.length : 0)
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)\}?$/.exec(segment);
      if (param) return ['by', ...param[1].split(/[_-]/)];
      return segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + parts.map(capitalised).join('');
}

/** What the document needs to know about a route beyond its schema; moved into the operation, then dropped. */
interface RouteFacts {
  auth: RouteAuth;
  input: boolean;
  pathParams: boolean;
  rateLimited: boolean;
  upload: boolean;
  body: boolean;
  noContent: boolean;
}
const FACTS = 'x-lectern-route';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Transformed = ReturnType<typeof jsonSchemaTransform>;

/** The zod transform, then what each operation gets from its route: id, security and the facts for errors. */
export function transformRoute(input: TransformInput): Transformed {
  const transformed = jsonSchemaTransform(input);
  const schema = transformed.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return transformed;
  const route = (input as { route: RouteOptions }).route;
  const method = [route.method].flat()[0];
  const { url } = input;
  const auth = routeAuth(method, url, route.handler);
  const consumes = (schema.consumes as string[] | undefined) ?? [];
  const upload = UPLOADS[`${method} ${url}`] !== undefined || consumes.some((type) => type !== 'application/json');
  const facts: RouteFacts = {
    auth,
    input: Boolean(schema.params || schema.querystring || schema.body || upload),
    pathParams: url.includes(':'),
    rateLimited: Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit),
    upload,
    body: Boolean(schema.body) || upload,
    noContent: NO_CONTENT.test(typeof route.handler === 'function' ? Function.prototype.toString.call(route.handler) : ''),
  };
  const guarded = auth === 'user' || auth === 'staff';
  const notes = [
    auth === 'staff' ? 'Staff only: needs the bearer token of a staff account.' : '',
    auth === 'user' ? 'Needs login (a bearer token).' : '',
    auth === 'optional' ? 'A bearer token is optional; with one, the answer is the caller’s own view.' : '',
  ].filter(Boolean);
  return {
    ...transformed,
    schema: {
      ...schema,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, url),
      description: [schema.description, ...notes].filter(Boolean).join('\n\n') || undefined,
      // `[]` is public; `[{}, {bearer: []}]` makes the token optional.
      security: guarded ? [{ bearer: [] }] : auth === 'optional' ? [{}, { bearer: [] }] : [],
      'x-auth': auth,
      [FACTS]: facts,
    } as Transformed['schema'],
  };
}

type Operation = Record<string, unknown> & {
  responses?: Record<string, Record<string, unknown>>;
  requestBody?: Record<string, unknown>;
};
type OpenApiObject = Record<string, unknown> & {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
};

/** The 4xx answers an operation can give, from what it takes and who may call it. */
function errorStatuses(method: string, facts: RouteFacts, declared: string[]): string[] {
  const statuses = new Set(declared.filter((s) => s.startsWith('4')));
  if (facts.input) statuses.add('400');
  // A present but invalid token is refused even where a token is optional.
  if (facts.auth !== 'public') statuses.add('401');
  if (facts.auth === 'user' || facts.auth === 'staff') {
    statuses.add('403');
    // Signed-in writes meet unique names and states that forbid the change.
    if (method !== 'get') statuses.add('409');
  }
  if (facts.pathParams) statuses.add('404');
  if (facts.body) {
    statuses.add('413');
    statuses.add('415');
  }
  if (facts.rateLimited) statuses.add('429');
  return [...statuses].sort();
}

const errorResponse = (status: string) => ({
  description: ERROR_DESCRIPTIONS[status] ?? 'Error',
  content: { 'application/json': { schema: { $ref: ERROR_REF } } },
});

/** Fills in what the per-route pass prepared: error answers, upload bodies, 204s; adds the Error component. */
export function completeDocument(openapiObject: Partial<OpenApiObject>): OpenApiObject {
  const doc = openapiObject as OpenApiObject;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const facts = operation[FACTS] as RouteFacts | undefined;
      delete operation[FACTS];
      if (!facts) continue;
      const responses = (operation.responses ??= {});
      if (facts.noContent && Object.keys(responses).every((s) => !s.startsWith('2') || responses[s].description === 'Default Response')) {
        delete responses['200'];
        responses['204'] = { description: 'Done; no content' };
      }
      for (const status of errorStatuses(method, facts, Object.keys(responses))) responses[status] = errorResponse(status);
      const upload = UPLOADS[`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`];
      if (upload) operation.requestBody = { required: true, content: upload };
    }
  }
  const components = (doc.components ??= {});
  components.schemas = {
    ...components.schemas,
    Error: {
      ...z.toJSONSchema(errorBody, { target: 'draft-2020-12', io: 'output' }),
      $schema: undefined,
    },
  };
  return JSON.parse(JSON.stringify(doc)) as OpenApiObject;
}

/** The API reference: the document at /api/openapi.json and the browsable pages at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.siteName} API`, version: '2.0.0', description: 'The JSON API behind the site and the PWA.' },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from a login or refresh' },
        },
      },
    },
    transform: transformRoute,
    transformObject: (input) => ('openapiObject' in input ? completeDocument(input.openapiObject as OpenApiObject) : input.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
