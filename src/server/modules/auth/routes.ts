import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account-routes.js';
import { sessionRoutes } from './session-routes.js';
import { userAuthRoutes } from './user-auth-routes.js';

/**
 * Every auth call: sessions (login, tokens, logout, the user), accounts (registration, e-mail
 * confirmation, password change and reset) and user-auth (mobile + password, one-time codes).
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(userAuthRoutes);
};
