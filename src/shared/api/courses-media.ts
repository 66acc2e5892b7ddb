import { z } from 'zod';
import { MAX_ID } from './common.js';

// Member media: files of a lesson or an article, loaded only by its readers

export const memberMediaPaths = {
  /** POST (staff): upload a file for a lesson, the raw bytes as the body; answers its URL. */
  lessonMedia: '/lesson/:id/media',
  /** POST (staff): upload a file for an article; served like a lesson's, to the article's readers. */
  articleMedia: '/article/:id/media',
  /**
   * GET a lesson's file: for readers of the lesson (bearer token, or the `exp`/`sig` of a signed URL in
   * the reader's copy of the lesson or article). Files of free lessons and free articles to everyone.
   */
  file: '/member_media/:kind/:id/:name',
} as const;
export const memberMediaUpload = z.object({ url: z.string(), bytes: z.number().int(), content_type: z.string() });
export type MemberMediaUpload = z.infer<typeof memberMediaUpload>;
export const memberMediaParams = z.object({
  kind: z.enum(['lesson', 'article']),
  id: z.coerce.number().int().positive().max(MAX_ID),
  name: z.string().max(80),
});
export const memberMediaQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });
