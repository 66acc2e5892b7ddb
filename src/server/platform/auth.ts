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

/** A staff call: 403 for anyone else (401 without a login); the answer is `work`'s. */
export async function asStaff<T>(request: FastifyRequest, work: (actor: Actor) => Promise<T>): Promise<T> {
  return work(await requireStaff(request));
}

/** A staff call that creates: 403 for anyone else; the answer is what `create` made, with 201. */
export async function staffCreates(request: FastifyRequest, reply: FastifyReply, create: (actor: Actor) => Promise<unknown>): Promise<FastifyReply> {
  const made = await asStaff(request, create);
  return reply.status(201).send(made);
}

/** A staff call that deletes: 403 for anyone else; 204, no body, once `remove` has run. */
export async function staffDeletes(request: FastifyRequest, reply: FastifyReply, remove: (actor: Actor) => Promise<unknown>): Promise<FastifyReply> {
  await asStaff(request, remove);
  return reply.status(204).send(null);
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
