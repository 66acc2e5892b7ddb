import type { FastifyRequest } from 'fastify';
import {
  authPaths,
  detailResponse,
  loginBody,
  loginResponse,
  logoutBody,
  refreshBody,
  refreshResponse,
  sessionUser,
  userPatch,
  userWrite,
  verifyBody,
  type UserChanges,
} from '../../../shared/api/auth.js';
import { errorBody } from '../../../shared/api/common.js';
import type { AppContext } from '../../platform/context.js';
import { getActor, requireUser } from '../../platform/auth.js';
import { NotFound } from '../../platform/errors.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { getUser, toSessionUser, updateAccount } from '../users/service.js';
import { loginWithPassword, logout, refreshSession, verifyToken } from './service.js';

const tags = ['auth'];

async function currentUser(ctx: AppContext, request: FastifyRequest) {
  const actor = await requireUser(request);
  const user = await getUser(ctx, actor.id);
  if (!user) throw new NotFound('User');
  return user;
}

/** Log in with a password, token refresh and verify, logout, and the logged-in user. */
export const sessionRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.post(authPaths.login, {
    schema: {
      tags,
      summary: 'Log in with username or e-mail and password (captcha after 3 failures, then growing delays)',
      body: loginBody,
      response: { 200: loginResponse, 400: errorBody, 401: errorBody, 429: errorBody },
    },
    config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      privateResponse(reply);
      return loginWithPassword(ctx, request.body, request.ip);
    },
  });

  app.post(authPaths.refresh, {
    schema: { tags, summary: 'Exchange a refresh token for a new pair (rotation)', body: refreshBody, response: { 200: refreshResponse } },
    handler: async (request, reply) => {
      privateResponse(reply);
      return refreshSession(ctx, request.body.refresh);
    },
  });

  app.post(authPaths.verify, {
    schema: { tags, summary: 'Check that a token is valid', body: verifyBody, response: { 200: detailResponse } },
    handler: async (request) => {
      await verifyToken(ctx, request.body.token);
      return { detail: 'Token is valid.' };
    },
  });

  app.post(authPaths.logout, {
    schema: { tags, summary: 'End the session of a refresh token and of the bearer token', body: logoutBody.nullish(), response: { 200: detailResponse } },
    handler: async (request) => {
      const actor = await getActor(request).catch(() => null);
      await logout(ctx, request.body?.refresh, actor?.id ?? null, request.sessionId);
      return { detail: 'Successfully logged out.' };
    },
  });

  app.get(authPaths.user, {
    schema: { tags, summary: 'The logged-in user', response: { 200: sessionUser } },
    handler: async (request, reply) => {
      privateResponse(reply);
      return toSessionUser(await currentUser(ctx, request));
    },
  });

  const update = async (request: FastifyRequest, changes: UserChanges) =>
    toSessionUser(await updateAccount(ctx, await currentUser(ctx, request), changes));

  app.put(authPaths.user, {
    schema: { tags, summary: 'Replace username, display name and description', body: userWrite, response: { 200: sessionUser, 400: errorBody } },
    handler: async (request, reply) => {
      privateResponse(reply);
      return update(request, request.body);
    },
  });

  app.patch(authPaths.user, {
    schema: { tags, summary: 'Change some of username, display name and description', body: userPatch, response: { 200: sessionUser, 400: errorBody } },
    handler: async (request, reply) => {
      privateResponse(reply);
      return update(request, request.body);
    },
  });
});
