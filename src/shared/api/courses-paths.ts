// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the course calls, relative to API_PREFIX. Published courses and their outlines are public;
 * a lesson's text and media answer whoever the access decision lets read it (`content/access.ts`);
 * enrolment and progress need a login and answer only their owner; writes are for staff.
 */
export const coursesPaths = {
  /** GET published courses (filters: category, tag, level, access, language; staff: `include_drafts`); POST a course (staff). */
  courses: '/course',
  /** GET a course (drafts: staff); PUT, PATCH, DELETE (staff). */
  course: '/course/:id',
  /** GET the outline: every lesson with `locked` for the caller, and the caller's done flags when logged in. */
  courseLessons: '/course/:id/lesson',
  /** GET categories that have published courses, with counts. */
  courseCategories: '/course/category',
  /** GET tags that have published courses, with counts. */
  courseTags: '/course/tag',
  /** POST (login): enrol the caller in a free course, or a premium one as a member; purchase courses are bought. */
  courseEnrol: '/course/:id/enrol',
  /** POST (staff): grant a purchase course to a user; idempotent per `reference`. */
  courseGrant: '/course/:id/grant',
  /** GET (login): the caller's progress in a course, with the certificate once earned. */
  courseProgress: '/course/:id/progress',
  /** GET what saving the course for offline use needs: every lesson's page and API URL, images, sizes, version. */
  courseOfflineManifest: '/course/:id/offline_manifest',
  /** GET (login): the caller's enrolled courses with progress. */
  myCourses: '/my_course',
  /** GET what purchase courses cost (staff: `include_inactive`); POST a product (staff). */
  courseProducts: '/course_product',
  /** GET a product (inactive: staff); PATCH, DELETE (staff). */
  courseProduct: '/course_product/:id',
  /** GET the price card: every published purchase course with its products on sale. */
  productCourse: '/product_course',
  /** GET lessons of published courses (filter: course), without bodies; POST a lesson (staff). */
  lessons: '/lesson',
  /** GET a lesson as the caller may see it; PUT, PATCH, DELETE (staff). */
  lesson: '/lesson/:id',
  /** GET categories of the courses that have lessons, with lesson counts. */
  lessonCategories: '/lesson/category',
  /** GET tags of the courses that have lessons, with lesson counts. */
  lessonTags: '/lesson/tag',
  /** GET previous and next lesson, position, total and chapter. */
  lessonNavigation: '/lesson/navigation/:id',
  /** GET (login) the caller's progress in a lesson; PUT records it. */
  lessonProgress: '/lesson/:id/progress',
  /** GET a certificate by its code (public). */
  certificate: '/certificate/:code',
} as const;

/** The page of a lesson in the PWA. */
export const lessonPagePath = (courseId: number, lessonId: number) => `/course/${courseId}/lesson/${lessonId}`;
/** The page of a course in the PWA. */
export const coursePagePath = (courseId: number) => `/course/${courseId}`;
