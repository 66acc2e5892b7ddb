import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import { commentsPaths } from '../../../shared/api/comments-paths.js';
import { contentPaths } from '../../../shared/api/content-paths.js';
import { ordersPaths } from '../../../shared/api/orders-paths.js';
import { getActor, isStaff, type Actor } from '../../platform/auth.js';
import { API_PREFIX } from '../../platform/http.js';
import { routeAuth } from '../../platform/route-guard.js';
import { keepable, recordStaffWrite } from './audit-service.js';

/**
 * The staff audit log is written here, for every call at once: each write route that demands staff (the route
 * guard's own reading of its handler) and the few that staff share with owners (cancelling an order, deleting
 * a comment, deciding a report) when staff make them. Before the handler runs, the object is read back through
 * the same API's GET of that path (or of its parent, for an action such as `orders/:id/refund`), as the caller
 * could read it; once the answer is ready and succeeded, one row records who, which call, on what, the state
 * before, the request and the answer. The row is written before the answer leaves, so whoever reads the log
 * next sees it; it is not in the service's transaction (see decision 0106).
 */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SHARED_WITH_OWNERS = new Set(
  [
    `POST ${ordersPaths.orderCancel}`,
    `DELETE ${commentsPaths.one}`,
    `PUT ${contentPaths.report}`,
    `PATCH ${contentPaths.report}`,
    `DELETE ${contentPaths.report}`,
  ].map((call) => call.replace(' ', ` ${API_PREFIX}`)),
);

interface AuditState {
  actor: Actor;
  before: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    staffAudit?: AuditState;
  }
}

const pathOf = (url: string) => url.split('?')[0];
const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/** The GET that shows the object a write acts on: the same path, or the parent of an action on one (`…/:id/fulfil`). */
function readBackPaths(method: string, pattern: string, path: string): { pattern: string; path: string } | null {
  if (method !== 'POST') return { pattern, path };
  const segments = pattern.split('/');
  if (segments.length < 3 || segments.at(-1)!.startsWith(':') || !segments.at(-2)!.startsWith(':')) return null;
  return { pattern: parentOf(pattern), path: parentOf(path) };
}

async function readBefore(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const pattern = request.routeOptions.url ?? '';
  const target = readBackPaths(request.method, pattern, pathOf(request.url));
  if (!target || !app.hasRoute({ method: 'GET', url: target.pattern })) return null;
  const res = await app.inject({ method: 'GET', url: target.path, headers: request.headers.authorization ? { authorization: request.headers.authorization } : {} });
  if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('json')) return null;
  return keepable(res.json(), { hideCodes: pattern.includes('gift_code') });
}

function targetOf(request: FastifyRequest, answer: unknown): string {
  const params = Object.entries((request.params ?? {}) as Record<string, string>);
  if (params.length > 0) return params.map(([k, v]) => `${k}=${v}`).join('&');
  const id = (answer as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? `id=${id}` : '';
}

function parsedAnswer(payload: unknown): unknown {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function installStaffAudit(app: FastifyInstance): void {
  const start: preHandlerHookHandler = async (request) => {
    const actor = await getActor(request);
    if (!actor || !isStaff(actor)) return;
    request.staffAudit = { actor, before: await readBefore(app, request) };
  };

  const record: onSendHookHandler = async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const state = request.staffAudit;
    if (!state || reply.statusCode >= 400) return payload;
    const answer = parsedAnswer(payload);
    const hideCodes = (request.routeOptions.url ?? '').includes('gift_code');
    try {
      await recordStaffWrite(app.ctx, {
        actor: state.actor,
        method: request.method,
        route: `${request.method} ${request.routeOptions.url ?? ''}`,
        path: request.url,
        target: targetOf(request, answer),
        status: reply.statusCode,
        before: state.before,
        request: keepable(request.body, { hideCodes }),
        after: keepable(answer, { hideCodes }),
      });
    } catch (err) {
      // The write happened and its answer stands; a lost log row is reported, not turned into a failed call.
      request.log.error({ err }, 'staff audit: the row could not be written');
    }
    return payload;
  };

  app.decorateRequest('staffAudit', undefined);
  app.addHook('onRoute', (route) => {
    const method = [route.method].flat()[0];
    if (!WRITES.has(method)) return;
    const auth = routeAuth(method, route.url, route.handler);
    if (auth !== 'staff' && !(auth === 'user' && SHARED_WITH_OWNERS.has(`${method} ${route.url}`))) return;
    route.preHandler = [start, ...(route.preHandler === undefined ? [] : [route.preHandler].flat())];
    route.onSend = [...(route.onSend === undefined ? [] : [route.onSend].flat()), record];
  });
}
