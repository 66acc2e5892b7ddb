import { loginResponse } from '../../../shared/api/auth.js';
import { errorBody } from '../../../shared/api/common.js';
import { HANDOFF_TOKEN_COOKIE, handoffPaths } from '../../../shared/api/handoff-paths.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { clearHandoffCookies, completeHandoff } from './handoff.js';

/** The one call the handoff cookie is sent to: the session a page form started, as a login answer. */
export const handoffRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.post(handoffPaths.handoff, {
    schema: {
      tags: ['auth'],
      summary: 'Pick up the session that a login form posted without script started (its cookie is spent and cleared)',
      response: { 200: loginResponse, 401: errorBody },
    },
    config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      privateResponse(reply);
      // Whatever the answer, the cookies are spent.
      clearHandoffCookies(ctx, reply);
      return completeHandoff(ctx, request.cookies[HANDOFF_TOKEN_COOKIE]);
    },
  });
});
