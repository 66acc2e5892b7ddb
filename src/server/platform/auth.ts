import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/types.js';
import { assertSessionLive } from '../modules/auth/service.js';
import { getUser } from '../modules/users/service.js';
import { Forbidden, TokenInvalid, Unauthorized } from './errors.js';
import { privateResponse } from './http.js';

/** The caller of a request: a logged-in, active user, or null for a guest. */
export type Actor = Pick<UserRow, 'id' | 'role' | 'username' | 'email' | 'display_name' | 'avatar'>;

declare module 'fastify' {
  interface FastifyRequest {
    actorPromise?: Promise<Actor | null>;
    /** The session of the bearer token, once the actor is resolved. */
    sessionId?: string;
  }
}

export const isStaff = (actor: Actor | null): boolean => actor?.role === 'staff' || actor?.role === 'superuser';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^(Bearer|JWT)\s+(\S+)$/i.exec(header);
  if (!match) throw new TokenInvalid('Authorization header must be "Bearer <token>"');
  return match[2];
}

async function resolveActor(app: FastifyInstance, request: FastifyRequest): Promise<Actor | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await app.ctx.signer.verify(token, 'access');
  // An access token lives only as long as its session: logout or a password change ends it at once.
  await assertSessionLive(app.ctx, claims.sid, claims.user_id);
  const user = await getUser(app.ctx, claims.user_id);
  if (!user || !user.is_active) throw new TokenInvalid('User not found or inactive');
  request.sessionId = claims.sid;
  return {
    id: user.id,
    role: user.role,
    username: user.username,
    email: user.email,
    display_name: user.display_name,
    avatar: user.avatar,
  };
}

/** The caller, or null for a guest. A present but invalid token is a 401, never a silent guest. */
export function getActor(request: FastifyRequest): Promise<Actor | null> {
  request.actorPromise ??= resolveActor(request.server, request);
  return request.actorPromise;
}

export async function requireUser(request: FastifyRequest): Promise<Actor> {
  const actor = await getActor(request);
  if (!actor) throw new Unauthorized();
  return actor;
}

/** The caller of a call that answers only them (their own things, or staff's): 401 without a login; the answer is private. */
export async function privateCaller(request: FastifyRequest, reply: FastifyReply): Promise<Actor> {
  const actor = await requireUser(request);
  privateResponse(reply);
  return actor;
}

export async function requireStaff(request: FastifyRequest): Promise<Actor> {
  const actor = await requireUser(request);
  if (!isStaff(actor)) throw new Forbidden();
  return actor;
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('actorPromise', undefined);
    app.decorateRequest('sessionId', undefined);
  },
  { name: 'auth' },
);
