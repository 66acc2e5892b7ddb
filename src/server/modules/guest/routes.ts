import { errorBody } from '../../../shared/api/common.js';
import {
  guestPaths,
  guestViewCount,
  guestViewCountBody,
  guestViewCountQuery,
  userfinger,
  userfingerBody,
  userfingerQuery,
  userViewCount,
  userViewCountBody,
  userViewCountQuery,
} from '../../../shared/api/guest.js';
import { getActor } from '../../platform/auth.js';
import { moduleRoutes, privateResponse } from '../../platform/http.js';
import { getFingerprint, getGuestViewCount, getUserViewCount, postGuestViewCount, postUserViewCount, registerFingerprint } from './service.js';

const tags = ['guest'];

/** Fingerprints and view counts of guests and users; every answer is private to its caller. */
export const guestRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.addHook('onRequest', async (_request, reply) => privateResponse(reply));

  app.get(guestPaths.userfinger, {
    schema: { tags, summary: 'Is this fingerprint known? 200 when it is, 404 otherwise', querystring: userfingerQuery, response: { 200: userfinger, 400: errorBody, 404: errorBody } },
    handler: async (request) => getFingerprint(ctx, await getActor(request), request.query.userfinger),
  });

  app.post(guestPaths.userfinger, {
    schema: {
      tags,
      summary: "Register a fingerprint from the request's address (ip_address in the body is ignored); user_id must be the caller's",
      body: userfingerBody,
      response: { 200: userfinger, 201: userfinger, 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      const result = await registerFingerprint(ctx, await getActor(request), request.body, request.ip);
      return reply.status(result.created ? 201 : 200).send(result.fingerprint);
    },
  });

  app.get(guestPaths.guestViewCount, {
    schema: { tags, summary: "A guest's view count this month", querystring: guestViewCountQuery, response: { 200: guestViewCount, 400: errorBody, 404: errorBody } },
    handler: async (request) => getGuestViewCount(ctx, request.query.userfinger_id, request.ip),
  });

  app.post(guestPaths.guestViewCount, {
    schema: {
      tags,
      summary: "Report this device's guest view count, with the fingerprint's value as proof (another's answers 404); a count lower than the server's is ignored",
      body: guestViewCountBody,
      response: { 200: guestViewCount, 400: errorBody, 404: errorBody },
    },
    handler: async (request) => postGuestViewCount(ctx, request.body, request.ip),
  });

  app.get(guestPaths.userViewCount, {
    schema: { tags, summary: "A user's view count this month (that user or staff)", querystring: userViewCountQuery, response: { 200: userViewCount, 400: errorBody, 401: errorBody, 403: errorBody } },
    handler: async (request) => getUserViewCount(ctx, await getActor(request), request.query.user_id),
  });

  app.post(guestPaths.userViewCount, {
    schema: { tags, summary: "Report a user's view count (that user or staff); a lower count is ignored", body: userViewCountBody, response: { 200: userViewCount, 400: errorBody, 401: errorBody, 403: errorBody } },
    handler: async (request) => postUserViewCount(ctx, await getActor(request), request.body.user_id, request.body.view_count),
  });
});
