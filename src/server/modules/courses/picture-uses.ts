import type { AppContext } from '../../platform/context.js';
import { coursesShowingPicture } from './course-repo.js';
import { lessonsShowingPicture } from './lesson-repo.js';

/** Where courses show a library picture (a cover, a course's or a lesson's text): what deleting it would break. */
export async function coursesShowingPictureAt(ctx: AppContext, url: string): Promise<Array<{ what: string; id: number; title: string }>> {
  const db = ctx.db.kysely;
  const [courses, lessons] = await Promise.all([coursesShowingPicture(db, url), lessonsShowingPicture(db, url)]);
  return [...courses.map((r) => ({ what: 'course', ...r })), ...lessons.map((r) => ({ what: 'lesson', ...r }))];
}
