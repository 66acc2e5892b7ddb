import { queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../shared/api/common.js';
import type {
  Certificate,
  CourseAccess,
  CourseCard,
  CourseDetail,
  CourseLevel,
  CourseOutline,
  CoursePriceCard,
  CourseProgress,
  CourseTaxon,
  Enrolment,
  LessonDetail,
  LessonNavigation,
  LessonProgress,
  MyCourse,
} from '../../../../shared/api/courses.js';
import { coursesPaths } from '../../../../shared/api/courses-paths.js';
import { API_PREFIX } from '../../../../shared/api/prefix.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { isAlreadyDone } from '../../../lib/already-done.js';
import { pathOf, type HttpClient, type RequestOptions } from '../../../lib/http.js';

/** Public answers are fetched as a guest, so their keys name no user and the server's render matches. */
const GUEST: RequestOptions = { anonymous: true };
/** Answers that depend on the user: never persisted, dropped at logout. */
const PERSONAL = { personal: true } as const;

export const COURSE_PAGE_SIZE = 12;

export interface CourseFilters {
  category?: number;
  tag?: number;
  level?: CourseLevel;
  access?: CourseAccess;
}

export interface CourseListParams extends CourseFilters {
  page: number;
}

/**
 * Cards and the course name their category and tags in the reader's language: those keys end with it, and
 * the calls pass it as `lang`, so a page rendered on the server (which sends no cookie) and any cache keyed
 * by URL get the names in the page's language. (A course's `language` is the one it is taught in.)
 */
export const courseKeys = {
  all: ['courses'] as const,
  list: (params: CourseListParams, lang: Language) => ['courses', 'list', params, lang] as const,
  taxa: (kind: 'category' | 'tag', lang: Language) => ['courses', 'taxa', kind, lang] as const,
  prices: (lang: Language) => ['courses', 'prices', lang] as const,
  /** `viewer` is the user id (0 = guest): what a user may read differs from what a guest may. */
  detail: (id: number, viewer: number, lang: Language) => ['courses', 'detail', id, viewer, lang] as const,
  /** The course as `viewer` reads it in every language: what a change to it (enrolment, progress) makes stale. */
  detailInAnyLanguage: (id: number, viewer: number) => ['courses', 'detail', id, viewer] as const,
  outline: (id: number, viewer: number) => ['courses', 'outline', id, viewer] as const,
  progress: (id: number, viewer: number) => ['courses', 'progress', id, viewer] as const,
  mine: (viewer: number, page: number, lang: Language) => ['courses', 'mine', viewer, page, lang] as const,
  lesson: (id: number, viewer: number) => ['courses', 'lesson', id, viewer] as const,
  navigation: (id: number) => ['courses', 'navigation', id] as const,
  certificate: (code: string) => ['courses', 'certificate', code] as const,
};

/** A call for `viewer`: a guest's goes without a token (the server rendered it so); a user's carries theirs. */
const as = (viewer: number) => (viewer ? undefined : GUEST);
const personal = (viewer: number) => (viewer ? { meta: PERSONAL } : {});

export const courseListQuery = (http: HttpClient, params: CourseListParams, lang: Language) =>
  queryOptions({
    queryKey: courseKeys.list(params, lang),
    queryFn: () => http.get<Paginated<CourseCard>>(coursesPaths.courses, { ...params, page_size: COURSE_PAGE_SIZE, lang }, GUEST),
  });

/** The catalogue's category or tag filter: the ones that have courses, named in `lang`. */
export const courseTaxaQuery = (http: HttpClient, kind: 'category' | 'tag', lang: Language) =>
  queryOptions({
    queryKey: courseKeys.taxa(kind, lang),
    queryFn: () => http.get<CourseTaxon[]>(kind === 'category' ? coursesPaths.courseCategories : coursesPaths.courseTags, { lang }, GUEST),
  });

/** What every paid course costs: the catalogue's price tags. */
export const coursePricesQuery = (http: HttpClient, lang: Language) =>
  queryOptions({
    queryKey: courseKeys.prices(lang),
    queryFn: () => http.get<CoursePriceCard>(coursesPaths.productCourse, { lang }, GUEST),
  });

/**
 * The URL the course page reads the course from (the API's own address, in the page's language): a course
 * saved for offline use is stored under it, so the saved page finds its answer.
 */
export const courseApiUrl = (id: number, lang: Language) => `${API_PREFIX}${pathOf(coursesPaths.course, { id })}?lang=${lang}`;

export const courseQuery = (http: HttpClient, id: number, lang: Language, viewer = 0) =>
  queryOptions({
    queryKey: courseKeys.detail(id, viewer, lang),
    queryFn: () => http.get<CourseDetail>(pathOf(coursesPaths.course, { id }), { lang }, as(viewer)),
    ...personal(viewer),
  });

export const courseOutlineQuery = (http: HttpClient, id: number, viewer = 0) =>
  queryOptions({
    queryKey: courseKeys.outline(id, viewer),
    queryFn: () => http.get<CourseOutline>(pathOf(coursesPaths.courseLessons, { id }), undefined, as(viewer)),
    ...personal(viewer),
  });

/** The learner's own progress in a course (login). */
export const courseProgressQuery = (http: HttpClient, id: number, viewer: number) =>
  queryOptions({
    queryKey: courseKeys.progress(id, viewer),
    queryFn: () => http.get<CourseProgress>(pathOf(coursesPaths.courseProgress, { id })),
    meta: PERSONAL,
  });

export const myCoursesQuery = (http: HttpClient, viewer: number, page: number, lang: Language) =>
  queryOptions({
    queryKey: courseKeys.mine(viewer, page, lang),
    queryFn: () => http.get<Paginated<MyCourse>>(coursesPaths.myCourses, { page, page_size: COURSE_PAGE_SIZE, lang }),
    meta: PERSONAL,
  });

/**
 * A lesson as `viewer` may read it. The guest copy (viewer 0) is what the server rendered: a locked lesson's
 * answer holds its title and summary only. A member's or buyer's copy, with the body, is fetched with their token.
 */
export const lessonQuery = (http: HttpClient, id: number, viewer = 0) =>
  queryOptions({
    queryKey: courseKeys.lesson(id, viewer),
    queryFn: () => http.get<LessonDetail>(pathOf(coursesPaths.lesson, { id }), undefined, as(viewer)),
    ...personal(viewer),
  });

export const lessonNavigationQuery = (http: HttpClient, id: number) =>
  queryOptions({
    queryKey: courseKeys.navigation(id),
    queryFn: () => http.get<LessonNavigation>(pathOf(coursesPaths.lessonNavigation, { id }), undefined, GUEST),
  });

export const certificateQuery = (http: HttpClient, code: string) =>
  queryOptions({
    queryKey: courseKeys.certificate(code),
    queryFn: () => http.get<Certificate>(pathOf(coursesPaths.certificate, { code }), undefined, GUEST),
  });

/** Enrols the caller; a 409 (enrolled already: a double tap, another tab) is the enrolment asked for, so it resolves too. */
export async function enrol(http: HttpClient, id: number): Promise<void> {
  try {
    await http.post<Enrolment>(pathOf(coursesPaths.courseEnrol, { id }));
  } catch (err) {
    if (!isAlreadyDone(err)) throw err;
  }
}

/**
 * Marks a lesson done, stamped with the device's clock: the server keeps the later change per lesson. A 409 (done
 * already: another tab, a retry after a lost answer) counts as done: the answer is the lesson's progress as held.
 */
export async function markLessonDone(http: HttpClient, id: number, now = new Date()): Promise<LessonProgress> {
  const path = pathOf(coursesPaths.lessonProgress, { id });
  try {
    return await http.put<LessonProgress>(path, { done: true, position: 1, client_updated_at: now.toISOString() });
  } catch (err) {
    if (!isAlreadyDone(err)) throw err;
    return http.get<LessonProgress>(path);
  }
}

/** The contract's levels and access kinds, in order (its zod enums stay out of the browser bundle). */
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const satisfies readonly CourseLevel[];
export const COURSE_ACCESS = ['free', 'premium', 'purchase'] as const satisfies readonly CourseAccess[];
