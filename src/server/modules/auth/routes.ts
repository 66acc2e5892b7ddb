import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../../shared/api/common.js';
import { accountRoutes } from './account-routes.js';
import { formPostRoutes } from './form-post-routes.js';
import { handoffRoutes } from './handoff-routes.js';
import { sessionRoutes } from './session-routes.js';
import { shopLoginRoutes } from './shop-login-routes.js';
import { userAuthRoutes } from './user-auth-routes.js';

/**
 * Every auth call: sessions (login, tokens, logout, the user), accounts (registration, e-mail
 * confirmation, password change and reset), user-auth (mobile + password, one-time codes) and the
 * handoff of a session started by a page form; and the shop's login, register and user calls, which are
 * these same sessions and accounts under django-oscar-api's names.
 */
const authApiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(userAuthRoutes);
  await app.register(handoffRoutes);
  await app.register(shopLoginRoutes);
};

/**
 * The auth module: its API calls under /api/v2, and the page forms (`POST /login`, `/signup`) at the site
 * root. Not encapsulated (fastify-plugin), so the API prefix it is registered with does not apply here and
 * each part sets its own.
 */
export const authRoutes = fp(
  async (app) => {
    await app.register(authApiRoutes, { prefix: API_PREFIX });
    await app.register(formPostRoutes);
  },
  { name: 'auth-routes' },
);
