import { errorBody } from '../../../shared/api/common.js';
import { communityInfo as communityInfoSchema, discourseQuery, discourseRedirect, ssoPaths } from '../../../shared/api/sso.js';
import { requireUser } from '../../platform/auth.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { communityInfo, discourseSignIn, rawQueryValue } from './service.js';

const tags = ['community'];

/** The community's places and single sign-on to its forum (DiscourseConnect, PROTOCOLS.md). */
export const ssoRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(ssoPaths.community, {
    schema: { tags, summary: "The community forum's address and the Slack invite, each null while not configured", response: { 200: communityInfoSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return communityInfo(ctx);
    },
  });

  app.get(ssoPaths.discourse, {
    schema: {
      tags,
      summary:
        "DiscourseConnect: checks the forum's signed request (sso, sig) and answers the URL that signs the caller into the forum; 404 while not configured",
      querystring: discourseQuery,
      response: { 200: discourseRedirect, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const actor = await requireUser(request);
      privateResponse(reply);
      // The signature is over the base64 text exactly as the forum sent it: read once-decoded from the URL.
      const sso = rawQueryValue(request.url, 'sso') ?? request.query.sso;
      const sig = rawQueryValue(request.url, 'sig') ?? request.query.sig;
      return discourseSignIn(ctx, actor, { sso, sig });
    },
  });
});
