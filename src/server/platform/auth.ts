import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/types.js';
import { findUserById } from '../modules/users/repo.js';
import { Forbidden, TokenInvalid, Unauthorized } from './errors.js';

/** The caller of a request: a logged-in, active user, or null for a guest. */
export type Actor = Pick<UserRow, 'id' | 'role' | 'username' | 'email' | 'display_name' | 'avatar'>;

declare module 'fastify' {
  interface FastifyRequest {
    actorPromise?: Promise<Actor | null>;
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
  const user = await findUserById(app.ctx.db.kysely, claims.user_id);
  if (!user || !user.is_active) throw new TokenInvalid('User not found or inactive');
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

export async function requireStaff(request: FastifyRequest): Promise<Actor> {
  const actor = await requireUser(request);
  if (!isStaff(actor)) throw new Forbidden();
  return actor;
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('actorPromise', undefined);
  },
  { name: 'auth' },
);
