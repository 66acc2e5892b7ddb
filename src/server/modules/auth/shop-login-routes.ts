import { z } from 'zod';
import { errorBody } from '../../../shared/api/common.js';
import {
  shopLoginBody,
  shopLoginPaths,
  shopLoginResponse,
  shopLogoutBody,
  shopRegisterBody,
  shopRegisterResponse,
  shopUser,
  shopUserParams,
} from '../../../shared/api/shop-login.js';
import { getActor, requireUser } from '../../platform/auth.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { register } from './registration.js';
import { loginWithPassword, logout } from './service.js';
import { loggedInShopUser, shopUserById } from './shop-login.js';

const tags = ['shop'];

/**
 * SPEC's shop login, register and user calls (django-oscar-api's names), registered by the auth module
 * because they are its sessions and accounts. Each answer is private to its caller.
 */
export const shopLoginRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.addHook('onRequest', async (_request, reply) => privateResponse(reply));

  app.get(shopLoginPaths.login, {
    schema: { tags, summary: 'Who is logged in: the account (200), or 204 for a guest', response: { 200: shopUser, 204: z.null().describe('Nobody is logged in'), 401: errorBody } },
    handler: async (request, reply) => {
      const user = await loggedInShopUser(ctx, await getActor(request));
      return user ?? reply.status(204).send(null);
    },
  });

  app.post(shopLoginPaths.login, {
    schema: {
      tags,
      summary: 'Log in with username or e-mail and password, as rest-auth/login (captcha after 3 failures, then growing delays)',
      body: shopLoginBody,
      response: { 200: shopLoginResponse, 400: errorBody, 401: errorBody, 429: errorBody },
    },
    config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (request) => loginWithPassword(ctx, request.body, request.ip),
  });

  app.delete(shopLoginPaths.login, {
    schema: { tags, summary: 'Log out: ends the bearer token’s session and that of the refresh token sent (204, also when nobody was logged in)', body: shopLogoutBody.nullish(), response: { 204: z.null().describe('Logged out'), 400: errorBody } },
    handler: async (request, reply) => {
      // A dead bearer token is still a logout: there is nothing left of it to end.
      const actor = await getActor(request).catch(() => null);
      await logout(ctx, request.body?.refresh, actor?.id ?? null, request.sessionId);
      return reply.status(204).send(null);
    },
  });

  app.post(shopLoginPaths.register, {
    schema: {
      tags,
      summary: 'Create an account, as rest-auth/registration (captcha required); it is logged in and its e-mail address awaits confirmation',
      body: shopRegisterBody,
      response: { 201: shopRegisterResponse, 400: errorBody, 409: errorBody, 429: errorBody },
    },
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request, reply) => reply.status(201).send(await register(ctx, request.body)),
  });

  app.get(shopLoginPaths.user, {
    schema: { tags, summary: 'An account: its owner or staff (anyone else gets 404)', params: shopUserParams, response: { 200: shopUser, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } },
    handler: async (request) => shopUserById(ctx, await requireUser(request), request.params.id),
  });
});
