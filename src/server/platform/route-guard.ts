import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { authPaths } from '../../shared/api/auth-paths.js';
import { API_PREFIX } from '../../shared/api/common.js';
import { requireStaff, requireUser } from './auth.js';

/** Who may call an operation. */
export type RouteAuth = 'public' | 'optional' | 'user' | 'staff';

/** Where the handler leaves the guard to a helper of its module, which reading the handler cannot see. */
const GUARDED_IN_HELPERS: Record<string, RouteAuth> = {
  [`GET ${API_PREFIX}${authPaths.user}`]: 'user',
  [`PUT ${API_PREFIX}${authPaths.user}`]: 'user',
  [`PATCH ${API_PREFIX}${authPaths.user}`]: 'user',
};

const CALLS = (name: string) => new RegExp(`\\b${name}(?:\\$\\d+)?\\b`);
/** `requireStaff`, or the helpers that call it for the handler (platform/auth.ts). */
const STAFF_GUARD = CALLS('(?:requireStaff|asStaff|staffCreates|staffDeletes)');
/** `requireUser`, or `privateCaller`, which calls it. */
const USER_GUARD = CALLS('(?:requireUser|privateCaller)');
/** Reads the caller's token when there is one: directly, or through the content's entitlement of the request. */
const OPTIONAL_ACTOR = CALLS('(?:getActor|entitlementOf)');

/** What the route's handler demands of the caller (see GUARDED_IN_HELPERS for the exceptions). */
export function routeAuth(method: string, url: string, handler: unknown): RouteAuth {
  const listed = GUARDED_IN_HELPERS[`${method} ${url}`];
  if (listed) return listed;
  const source = typeof handler === 'function' ? Function.prototype.toString.call(handler) : '';
  if (STAFF_GUARD.test(source)) return 'staff';
  if (USER_GUARD.test(source)) return 'user';
  if (OPTIONAL_ACTOR.test(source)) return 'optional';
  return 'public';
}

const staffFirst: onRequestHookHandler = async (request: FastifyRequest) => {
  await requireStaff(request);
};
const userFirst: onRequestHookHandler = async (request: FastifyRequest) => {
  await requireUser(request);
};

/**
 * Rights before input: a route whose handler demands a login or staff rights checks them as the request
 * arrives, before its body is read, parsed or validated. A guest gets 401 and a reader 403 for a staff call
 * whatever they send (never a 400 that describes the staff call's input), and no upload is read for them.
 * The handler keeps its own check (the answer is kept per request, so the token is verified once).
 */
export function guardRoutesFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const method = [route.method].flat()[0];
    const auth = routeAuth(method, route.url, route.handler);
    if (auth !== 'user' && auth !== 'staff') return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [auth === 'staff' ? staffFirst : userFirst, ...own];
  });
}
