import { idParam } from '../../../shared/api/common.js';
import { memberMediaParams, memberMediaPaths, memberMediaQuery, memberMediaUpload } from '../../../shared/api/courses.js';
import { getActor, requireStaff } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { moduleRoutes } from '../../platform/http.js';
import { findLesson } from './lesson-repo.js';
import { articleExists, articleMediaAccess } from '../content/articles/service.js';
import { contentTypeOf, mediaAccess, mediaFileKey, refuse, storeMemberMedia, validSignature, type MediaOwner } from './member-media.js';

const tags = ['courses'];
const RAW_TYPES = ['application/octet-stream', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'audio/mpeg', 'audio/ogg', 'audio/mp4', 'application/pdf'];
/** Access can change (a lesson stops being a preview), so no file here is immutable. */
const MAX_AGE = 3600;

const ownerExists = async (ctx: AppContext, kind: MediaOwner, id: number) =>
  kind === 'article' ? articleExists(ctx, id) : (await findLesson(ctx.db.kysely, id)) !== undefined;

/**
 * Member media: staff upload a lesson's or an article's files; readers of the lesson or article (and only
 * they) load them. An article's access is its decision without the meter; a metered reader loads the signed
 * URLs of the copy the unlock gave them.
 */
export const mediaRoutes = moduleRoutes((app) => {
  const { ctx } = app;
  app.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer', bodyLimit: ctx.config.uploadMaxBytes }, (_request, body, done) => done(null, body));

  const owners = [
    { kind: 'lesson', path: memberMediaPaths.lessonMedia, noun: 'Lesson', exists: async (id: number) => Boolean(await findLesson(ctx.db.kysely, id)) },
    { kind: 'article', path: memberMediaPaths.articleMedia, noun: 'Article', exists: (id: number) => articleExists(ctx, id) },
  ] as const;
  for (const owner of owners) {
    app.post(owner.path, {
      schema: {
        tags,
        summary: `Upload ${owner.kind === 'lesson' ? "a lesson's" : "an article's"} image, audio or PDF (staff; the raw bytes as the body); served only to the ${owner.kind}'s readers`,
        params: idParam,
        consumes: RAW_TYPES,
        response: { 201: memberMediaUpload },
      },
      bodyLimit: ctx.config.uploadMaxBytes,
      handler: async (request, reply) => {
        await requireStaff(request);
        if (!(await owner.exists(request.params.id))) throw new NotFound(owner.noun);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw Invalid.field('file', 'Send the file as the request body.');
        return reply.status(201).send(await storeMemberMedia(ctx, owner.kind, request.params.id, request.body));
      },
    });
  }

  app.get(memberMediaPaths.file, {
    schema: { tags, summary: "A lesson's or an article's file, for its readers: a bearer token or a signed URL", params: memberMediaParams, querystring: memberMediaQuery },
    handler: async (request, reply) => {
      const { kind, id, name } = request.params;
      const key = mediaFileKey(kind, id, name);
      if (!key) throw new NotFound('File');
      const { exp, sig } = request.query;
      if (exp !== undefined || sig !== undefined) {
        // A signed URL from a reader's copy of the lesson; a forged, altered or expired one is refused.
        if (!exp || !sig || !validSignature(ctx, request.url.split('?')[0], exp, sig)) throw new Forbidden('This link is not valid or has expired.');
        // A deleted lesson's or article's files are gone at once, whatever links are still out.
        if (!(await ownerExists(ctx, kind, id))) throw new NotFound('File');
        reply.header('cache-control', `private, max-age=${MAX_AGE}`);
      } else {
        const actor = await getActor(request);
        const access = kind === 'article' ? await articleMediaAccess(ctx, actor, id) : await mediaAccess(ctx, actor, id);
        if (!access.can_read) refuse(actor);
        reply.header('cache-control', access.openToAll ? `public, max-age=${MAX_AGE}` : `private, max-age=${MAX_AGE}`).header('vary', 'Authorization');
      }
      // Opened only once the caller may have it: the bytes stream through this check, from disk or the bucket.
      const file = await ctx.storage.get(key);
      if (!file) throw new NotFound('File');
      return reply
        .type(contentTypeOf(name))
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  });
});
