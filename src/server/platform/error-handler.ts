import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { drainUnreadBody } from './drain-body.js';
import { AppError, TooManyRequests } from './errors.js';

export interface ErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
  changes?: string[];
  detail?: string;
  code?: string;
}

/**
 * A unique constraint hit by two writes racing past a service's own check: a 409 naming the column.
 * SQLite says "UNIQUE constraint failed: table.column"; PostgreSQL has code 23505 and "Key (column)=...".
 */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; message?: string; detail?: string };
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return /UNIQUE constraint failed: \w+\.(\w+)/.exec(e.message ?? '')?.[1] ?? 'id';
  }
  if (e.code === '23505') return /Key \(([^)]+)\)/.exec(e.detail ?? '')?.[1] ?? 'id';
  return undefined;
}

/** Maps typed errors, validation failures and everything else to `{error, message, fields?}`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    await drainUnreadBody(request);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body');
        fields[name] ??= issue.message ?? 'Invalid value.';
      }
      const [first] = Object.entries(fields);
      const body: ErrorBody = { error: 'invalid', message: `${first[0]}: ${first[1]}`, fields };
      return reply.status(400).send(body);
    }
    if (err instanceof AppError) {
      const body: ErrorBody = { error: err.code, message: err.message };
      if (err.fields) body.fields = err.fields;
      if (err.changes) body.changes = err.changes;
      if (err.code === 'token_not_valid') {
        body.detail = err.message;
        body.code = 'token_not_valid';
      }
      if (err instanceof TooManyRequests) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send(body);
    }
    const unique = uniqueViolation(err);
    if (unique) {
      const message = `${unique}: That value is taken.`;
      return reply.status(409).send({ error: 'conflict', message, fields: { [unique]: 'That value is taken.' } });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'server_error', message: 'Internal Server Error' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit).
    const code =
      status === 429 ? 'throttled' : status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'invalid';
    // A body over the route's limit is refused before it is read: say the limit, in the reader's terms.
    const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit;
    const message = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && limit ? `The body may be at most ${sizeText(limit)}.` : err.message;
    return reply.status(status).send({ error: code, message });
  });
}

/** 5 MB, 512 KB, 900 bytes: a limit as a reader reads it. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The longest path parameter the router matches (Fastify's default is 100): longer ones meet the route's own checks. */
export const MAX_PARAM_LENGTH = 1000;

/**
 * Fastify's answers for an address it cannot route (a `%` not followed by two hex digits, a path parameter over
 * MAX_PARAM_LENGTH): in the API's `{error, message}` shape, without echoing the address, and plain text for a page.
 */
export function frameworkErrorReply(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const message = tooLong ? `A part of the address is longer than ${MAX_PARAM_LENGTH} characters.` : 'The address is not valid: a % must be followed by two hexadecimal digits.';
  const status = tooLong ? 414 : 400;
  if (request.url.startsWith('/api/')) return reply.status(status).send({ error: 'invalid', message } satisfies ErrorBody);
  return reply.status(status).type('text/plain; charset=utf-8').send(message);
}
