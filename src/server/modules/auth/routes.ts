import {
  authPaths,
  detailResponse,
  loginBody,
  loginResponse,
  logoutBody,
  refreshBody,
  refreshResponse,
  sessionUser,
  verifyBody,
} from '../../../shared/api/auth.js';
import { errorBody } from '../../../shared/api/common.js';
import { getActor, requireUser } from '../../platform/auth.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { toSessionUser, getUser } from '../users/service.js';
import { NotFound } from '../../platform/errors.js';
import { loginWithPassword, logout, refreshSession, verifyToken } from './service.js';

const tags = ['auth'];

export const authRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.post(authPaths.login, {
    schema: { tags, summary: 'Log in with username or e-mail and password', body: loginBody, response: { 200: loginResponse, 401: errorBody } },
    config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      privateResponse(reply);
      return loginWithPassword(ctx, request.body);
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
    schema: { tags, summary: 'Revoke the session of a refresh token', body: logoutBody.optional(), response: { 200: detailResponse } },
    handler: async (request) => {
      const actor = await getActor(request).catch(() => null);
      await logout(ctx, request.body?.refresh, actor?.id ?? null);
      return { detail: 'Successfully logged out.' };
    },
  });

  app.get(authPaths.user, {
    schema: { tags, summary: 'The logged-in user', response: { 200: sessionUser } },
    handler: async (request, reply) => {
      privateResponse(reply);
      const actor = await requireUser(request);
      const user = await getUser(ctx, actor.id);
      if (!user) throw new NotFound('User');
      return toSessionUser(user);
    },
  });
});
