import { z } from 'zod';
import { paginated, pageQuery } from './common.js';

// What readers send: reading progress, reports, submissions

export const readingProgress = z.object({
  article_id: z.number().int(),
  progress: z.number().min(0).max(1),
  position: z.number().int().min(0),
  completed: z.boolean(),
  updated_at: z.string().nullable(),
});
export type ReadingProgress = z.infer<typeof readingProgress>;
export const readingProgressWrite = z.object({
  progress: z.number().min(0).max(1),
  position: z.number().int().min(0).max(2_147_483_647).default(0),
});

export const reportReason = z.enum(['spam', 'abuse', 'copyright', 'error', 'other']);
export const report = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  article_id: z.number().int().nullable(),
  url: z.string(),
  reason: reportReason,
  detail: z.string(),
  status: z.enum(['open', 'resolved', 'dismissed']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Report = z.infer<typeof report>;
export const reportCreate = z
  .object({
    article_id: z.number().int().positive().max(2_147_483_647).nullable().default(null),
    url: z.string().max(2000).default(''),
    reason: reportReason,
    detail: z.string().max(5000).default(''),
  })
  .refine((r) => r.article_id !== null || r.url.length > 0, { message: 'Name an article or a URL.', path: ['article_id'] });
/** Reporters may edit their detail; only staff change the status. */
export const reportUpdate = z.object({
  reason: reportReason.optional(),
  detail: z.string().max(5000).optional(),
  status: z.enum(['open', 'resolved', 'dismissed']).optional(),
});
/** PUT replaces what a reporter wrote; `status` stays optional and staff-only. */
export const reportReplace = reportUpdate.extend({ reason: reportReason, detail: z.string().max(5000).default('') });
export const reportList = paginated(report);
export const reportListQuery = pageQuery.extend({ status: report.shape.status.optional() });

export const submission = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  original_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  note: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  created_at: z.string(),
});
export type Submission = z.infer<typeof submission>;
export const submissionList = paginated(submission);
/** The optional multipart field beside `file`. */
export const submissionNote = z.string().max(2000);
/** Accepted submission types, checked by the file's content, not its name. */
export const SUBMISSION_TYPES = [
  'application/pdf',
  'text/markdown',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/png',
  'image/jpeg',
  'image/webp',
] as const;
