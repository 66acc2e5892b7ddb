import { z } from 'zod';
import { paginated } from './common.js';
import { searchResults, timelineMonth } from './content.js';
import { courseCard } from './courses-catalogue.js';

// Courses in search and the timeline (additive: article clients read `results` and `articles` as before)

/** A lesson that matched: its body was matched and quoted only for a caller who may read it. */
export const lessonSearchHit = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  chapter: z.string(),
  position: z.number().int(),
  is_free_preview: z.boolean(),
  locked: z.boolean(),
  /** HTML with matches in <mark>, from the body only when the caller may read it, else the excerpt or title. */
  snippet: z.string(),
});
export type LessonSearchHit = z.infer<typeof lessonSearchHit>;
export const courseSearchHit = courseCard.extend({
  kind: z.literal('course'),
  /** HTML with matches in <mark>, from the course's title, summary or description (public text). */
  snippet: z.string(),
  rank: z.number(),
  /** The course's best matching lessons, in course order. */
  lessons: z.array(lessonSearchHit),
});
export type CourseSearchHit = z.infer<typeof courseSearchHit>;
/**
 * `GET search`: the article page as before, plus the matching published courses (on the first page only;
 * `course_count` on every page). A course matches on its own text or on a lesson's.
 */
export const searchWithCourses = searchResults.extend({
  course_count: z.number().int(),
  courses: z.array(courseSearchHit),
});
export type SearchWithCourses = z.infer<typeof searchWithCourses>;

/** A timeline month with the courses published in it (newest first, at most `per_month`) beside its articles. */
export const timelineMonthWithCourses = timelineMonth.extend({
  course_count: z.number().int(),
  courses: z.array(courseCard.extend({ kind: z.literal('course') })),
});
export type TimelineMonthWithCourses = z.infer<typeof timelineMonthWithCourses>;
export const timelineWithCourses = paginated(timelineMonthWithCourses);
