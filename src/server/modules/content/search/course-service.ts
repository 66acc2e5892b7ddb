import type { CourseSearchHit, LessonSearchHit } from '../../../../shared/api/courses.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { htmlToText } from '../../../platform/markdown.js';
import { cardsByIds } from '../../courses/course-service.js';
import { decideCourseAccess, entitlementOfActor, type Entitlement } from '../access.js';
import type { Actor } from '../../../platform/auth.js';
import { courseMatches, courseTexts, grantedCourseIds, lessonsForHits, publishedCourseAccess, type LessonBodies } from './course-repo.js';
import { buildSnippet } from './snippet.js';
import { planSearch } from './terms.js';

/** Courses shown with the first page of a search; `course_count` tells how many matched. */
export const COURSE_HITS = 10;
/** Matching lessons listed under each course hit. */
const LESSONS_PER_HIT = 5;
/** A lesson's match counts for its course at half the weight of the course's own text. */
const LESSON_WEIGHT = 0.5;

export interface CourseSearch {
  count: number;
  results: CourseSearchHit[];
}

/**
 * The courses whose locked lessons the caller may read, by the access decision of each published course:
 * every course for staff; for others the free ones, the premium ones for members, and the bought ones.
 */
async function readableBodies(ctx: AppContext, actor: Actor | null, who: Entitlement): Promise<LessonBodies> {
  if (who.staff) return 'all';
  const db = ctx.db.kysely;
  const [courses, owned] = await Promise.all([
    publishedCourseAccess(db),
    actor ? grantedCourseIds(db, actor.id) : Promise.resolve(new Set<number>()),
  ]);
  return courses.filter((c) => decideCourseAccess(who, c, owned.has(c.id)).can_read).map((c) => c.id);
}

/**
 * Published courses matching the query, best first: on their own title, summary and description, or on a
 * lesson's title and excerpt, or on a lesson's body where the caller may read that lesson. A locked
 * lesson's body is never matched nor quoted. `limit` 0 counts without building hits. Category and tag names
 * in `lang`.
 */
export async function searchCourses(ctx: AppContext, actor: Actor | null, q: string, limit: number, lang?: Language): Promise<CourseSearch> {
  const plan = planSearch(q);
  if (!plan) return { count: 0, results: [] };
  const db = ctx.db.kysely;
  const who = await entitlementOfActor(ctx, actor);
  const bodies = await readableBodies(ctx, actor, who);
  const matches = await courseMatches(db, ctx.db.engine, plan, bodies);

  const byCourse = new Map<number, { score: number; lessons: Map<number, number> }>();
  for (const m of matches) {
    const entry = byCourse.get(m.course_id) ?? { score: 0, lessons: new Map<number, number>() };
    if (m.lesson_id === null) entry.score = Math.max(entry.score, m.score);
    else {
      entry.score = Math.max(entry.score, m.score * LESSON_WEIGHT);
      entry.lessons.set(m.lesson_id, m.score);
    }
    byCourse.set(m.course_id, entry);
  }
  const count = byCourse.size;
  if (limit === 0 || count === 0) return { count, results: [] };

  const cards = await cardsByIds(ctx, [...byCourse.keys()], lang);
  const ranked = [...byCourse.entries()]
    .filter(([id]) => cards.has(id))
    .sort(([a, x], [b, y]) => y.score - x.score || cards.get(a)!.position - cards.get(b)!.position || a - b)
    .slice(0, limit);
  const lessonIds = ranked.flatMap(([, e]) =>
    [...e.lessons.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, LESSONS_PER_HIT)
      .map(([id]) => id),
  );
  const [lessons, texts] = await Promise.all([lessonsForHits(db, lessonIds), courseTexts(db, ranked.map(([id]) => id))]);
  const readable = bodies === 'all' ? null : new Set(bodies);

  const results = ranked.map(([id, entry]): CourseSearchHit => {
    const card = cards.get(id)!;
    const hits: LessonSearchHit[] = lessons
      .filter((l) => l.course_id === id)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((l) => {
        const canRead = readable === null || readable.has(id) || l.is_free_preview === 1;
        return {
          id: l.id,
          title: l.title,
          slug: l.slug,
          chapter: l.chapter,
          position: l.position,
          is_free_preview: l.is_free_preview === 1,
          locked: !canRead,
          snippet: buildSnippet({ title: l.title, summary: l.excerpt, body: canRead ? htmlToText(l.content_html) : null }, plan),
        };
      });
    const snippet = buildSnippet({ title: card.title, summary: card.summary, body: htmlToText(texts.get(id) ?? '') }, plan);
    return { ...card, kind: 'course', snippet, rank: entry.score, lessons: hits };
  });
  return { count, results };
}
