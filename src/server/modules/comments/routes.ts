import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  comment,
  commentCount,
  commentCreate,
  commentFeedback,
  commentFeedbackResult,
  commentFlag,
  commentFlagResult,
  commentList,
  commentListQuery,
  commentObjectParams,
  commentPreview,
  commentPreviewResult,
  commentsPaths,
  flaggedCommentList,
  userCommentList,
} from '../../../shared/api/comments.js';
import { errorBody, idParam, pageQuery } from '../../../shared/api/common.js';
import { type Actor, getActor, privateCaller, requireStaff, requireUser } from '../../platform/auth.js';
import { listAnswer, moduleRoutes, privateResponse } from '../../platform/http.js';
import { entitlementOf } from '../content/access.js';
import type { ObjectRef } from './repo.js';
import {
  approveComment,
  listFlaggedComments,
  countComments,
  deleteComment,
  flagComment,
  giveFeedback,
  listComments,
  listUserComments,
  postComment,
  previewComment,
  type Commenter,
} from './service.js';

const tags = ['comments'];
// Per address; each account has its own, tighter allowance of comments (service.ts).
const WRITES = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/**
 * Who asks: answers that depend on the caller (a token was sent) are private; a guest's depend only on the
 * object, and are not cached either (the web loads comments in the browser, after the page).
 */
async function commenterOf(request: FastifyRequest, reply: FastifyReply, actor: Actor | null): Promise<Commenter> {
  if (actor || request.headers.authorization) privateResponse(reply);
  else reply.header('cache-control', 'no-cache');
  return { actor, who: await entitlementOf(request.server.ctx, request) };
}

const refOf = (params: { content_type: ObjectRef['contentType']; object_id: number }): ObjectRef => ({ contentType: params.content_type, objectId: params.object_id });

/** Comments on articles and lessons, their likes, dislikes and flags (django-comments-xtd's API shapes). */
export const commentsRoutes = moduleRoutes((app) => {
  const { ctx } = app;

  app.get(commentsPaths.list, {
    schema: {
      tags,
      summary: "An article's or a lesson's comments, oldest thread first with its replies (only to readers who may read it)",
      params: commentObjectParams,
      querystring: commentListQuery,
      response: { 200: commentList },
    },
    handler: async (request, reply) => {
      const caller = await commenterOf(request, reply, await getActor(request));
      return listAnswer(request, ctx.config.publicUrl, await listComments(ctx, caller, refOf(request.params), request.query));
    },
  });

  app.get(commentsPaths.count, {
    schema: { tags, summary: "How many comments an article or a lesson shows", params: commentObjectParams, response: { 200: commentCount } },
    handler: async (request, reply) => {
      const caller = await commenterOf(request, reply, await getActor(request));
      return { count: await countComments(ctx, caller, refOf(request.params)) };
    },
  });

  app.post(commentsPaths.comment, {
    schema: { tags, summary: 'Comment on an article or a lesson, or answer a comment (`reply_to`)', body: commentCreate, response: { 201: comment } },
    config: WRITES,
    handler: async (request, reply) => reply.status(201).send(await postComment(ctx, await privateCaller(request, reply), request.body)),
  });

  app.delete(commentsPaths.one, {
    schema: { tags, summary: 'Delete a comment (its author, or staff); it stays as "removed" above its replies', params: idParam },
    config: WRITES,
    handler: async (request, reply) => {
      const actor = await requireUser(request);
      await deleteComment(ctx, actor, request.params.id);
      return reply.status(204).send();
    },
  });

  app.post(commentsPaths.approve, {
    schema: { tags, summary: 'Show a comment hidden by flags again and clear its flags (staff)', params: idParam },
    handler: async (request, reply) => {
      const actor = await requireStaff(request);
      await approveComment(ctx, actor, request.params.id);
      return reply.status(204).send();
    },
  });

  app.get(commentsPaths.flagged, {
    schema: {
      tags,
      summary: 'Flagged comments for staff to review: hidden ones first, then by most flags and newest',
      querystring: pageQuery,
      response: { 200: flaggedCommentList, 401: errorBody, 403: errorBody },
    },
    handler: async (request, reply) => {
      privateResponse(reply);
      return listAnswer(request, ctx.config.publicUrl, await listFlaggedComments(ctx, await requireStaff(request), request.query));
    },
  });

  app.post(commentsPaths.preview, {
    schema: { tags, summary: 'The HTML a comment would be shown as', body: commentPreview, response: { 200: commentPreviewResult } },
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      await requireUser(request);
      privateResponse(reply);
      return { comment: previewComment(request.body.comment) };
    },
  });

  app.post(commentsPaths.feedback, {
    schema: { tags, summary: 'Like or dislike a comment; the same again takes it back', body: commentFeedback, response: { 200: commentFeedbackResult } },
    config: WRITES,
    handler: async (request, reply) => giveFeedback(ctx, await privateCaller(request, reply), request.body.comment, request.body.flag),
  });

  app.post(commentsPaths.flag, {
    schema: { tags, summary: 'Flag a comment for removal (once per reader); three flags hide it until staff look', body: commentFlag, response: { 201: commentFlagResult } },
    config: WRITES,
    handler: async (request, reply) => reply.status(201).send(await flagComment(ctx, await privateCaller(request, reply), request.body.comment)),
  });

  app.get(commentsPaths.user, {
    schema: { tags, summary: "A user's comments, newest first, with where each one is", params: idParam, querystring: pageQuery, response: { 200: userCommentList } },
    handler: async (request, reply) => {
      const actor = await getActor(request);
      if (actor || request.headers.authorization) privateResponse(reply);
      else reply.header('cache-control', 'no-cache');
      return listAnswer(request, ctx.config.publicUrl, await listUserComments(ctx, actor, request.params.id, request.query));
    },
  });
});
