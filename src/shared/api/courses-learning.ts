import { z } from 'zod';
import { paginated } from './common.js';
import { bodyId, courseCard, id } from './courses-catalogue.js';

// Progress, enrolment, certificates

export const progressWrite = z.object({
  done: z.boolean(),
  /** Seconds into the media, or the scroll fraction 0..1 of a text lesson. */
  position: z.number().min(0).max(1_000_000),
  client_updated_at: z.iso.datetime({ offset: true }),
});
export type ProgressWrite = z.infer<typeof progressWrite>;

export const lessonProgress = z.object({
  lesson_id: z.number().int(),
  course_id: z.number().int(),
  done: z.boolean(),
  position: z.number(),
  client_updated_at: z.string().nullable(),
  done_at: z.string().nullable(),
  /** Set once every lesson of the course is done. */
  certificate_code: z.string().nullable(),
});
export type LessonProgress = z.infer<typeof lessonProgress>;

const lessonPointer = z.object({ id: z.number().int(), title: z.string(), chapter: z.string() });
export const certificateRef = z.object({ code: z.string(), issued_at: z.string() });

export const courseProgress = z.object({
  course_id: z.number().int(),
  user_id: z.number().int(),
  enrolled: z.boolean(),
  done: z.number().int(),
  total: z.number().int(),
  /** The lesson touched last; null before any. */
  last_lesson: lessonPointer.nullable(),
  /** Where to go on: the last lesson if unfinished, else the next unfinished one; null when all are done. */
  resume_lesson: lessonPointer.nullable(),
  certificate: certificateRef.nullable(),
});
export type CourseProgress = z.infer<typeof courseProgress>;
export const courseProgressQuery = z.object({ user_id: id.optional() });

export const enrolment = z.object({
  course_id: z.number().int(),
  user_id: z.number().int(),
  source: z.enum(['self', 'order', 'gift', 'staff']),
  enrolled_at: z.string(),
});
export type Enrolment = z.infer<typeof enrolment>;

export const myCourse = z.object({ course: courseCard, enrolment, progress: courseProgress });
export type MyCourse = z.infer<typeof myCourse>;
export const myCourseList = paginated(myCourse);

export const courseGrantBody = z.object({
  user_id: bodyId,
  /** Makes the grant idempotent: the same reference grants once. Default: a new one. */
  reference: z.string().trim().min(1).max(100).optional(),
  product_id: bodyId.optional(),
});
export const courseGrantResult = z.object({ granted: z.boolean(), enrolment });
export type CourseGrantResult = z.infer<typeof courseGrantResult>;

export const certificate = z.object({
  code: z.string(),
  display_name: z.string(),
  course_id: z.number().int(),
  course_title: z.string(),
  issued_at: z.string(),
});
export type Certificate = z.infer<typeof certificate>;
export const certificateParam = z.object({ code: z.string().trim().min(1).max(64) });

// Offline manifest

export const offlineImage = z.object({
  url: z.string(),
  /** Null when the file is not on this server (another host) or is missing. */
  bytes: z.number().int().nullable(),
});
export const offlineLesson = z.object({
  id: z.number().int(),
  title: z.string(),
  page_url: z.string(),
  api_url: z.string(),
  /** Bytes of the API answer as JSON for this caller. */
  api_bytes: z.number().int(),
  images: z.array(z.string()),
});
export const offlineManifest = z.object({
  course_id: z.number().int(),
  /** Changes whenever the course or any lesson changes, is added or removed. */
  version: z.string(),
  page_url: z.string(),
  api_url: z.string(),
  api_bytes: z.number().int(),
  lessons: z.array(offlineLesson),
  /** Every image of the cover, the description and the lessons, once each. */
  images: z.array(offlineImage),
  total_bytes: z.number().int(),
});
export type OfflineManifest = z.infer<typeof offlineManifest>;
