import type { Generated } from 'kysely';

/**
 * Course tables (migration 0012). Booleans are 0/1 and timestamps ISO-8601 text, as everywhere; money is
 * an integer count of the currency's minor unit.
 */
type Flag = 0 | 1;

export type CourseLevel = 'beginner' | 'intermediate' | 'advanced';
/** `free`: everyone; `premium`: members and staff; `plan`: the members of `access_plan_id`'s plan and staff; `purchase`: buyers and staff. */
export type CourseAccess = 'free' | 'premium' | 'plan' | 'purchase';
export type LessonMediaKind = 'video' | 'audio';
/** How an enrolment began: the learner enrolled (`self`), or a grant from an order, a gift or staff. */
export type EnrolmentSource = 'self' | 'order' | 'gift' | 'staff';
export type CourseGrantSource = Exclude<EnrolmentSource, 'self'>;

export interface CoursesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  summary: string;
  cover: string | null;
  body_markdown: string;
  content_html: string;
  level: CourseLevel;
  category_id: number | null;
  author_id: number;
  access: CourseAccess;
  /** The plan whose members may read a `plan` course (migration 0034). */
  access_plan_id: number | null;
  language: string;
  /** The same course in the other language (migration 0034). */
  translation_id: number | null;
  is_published: Flag;
  published_at: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface CourseTagsTable {
  course_id: number;
  tag_id: number;
}

export interface LessonsTable {
  id: Generated<number>;
  course_id: number;
  title: string;
  slug: string;
  chapter: string;
  /** As written by staff; may be empty. */
  summary: string;
  /** What a locked lesson shows: the summary, else the first paragraph of the body (made at write time). */
  excerpt: string;
  body_markdown: string;
  content_html: string;
  media_url: string | null;
  media_kind: LessonMediaKind | null;
  /** Seconds. */
  duration: number;
  position: number;
  is_free_preview: Flag;
  /** The same lesson in the other language (migration 0034). */
  translation_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface CourseProductsTable {
  id: Generated<number>;
  course_id: number;
  name: string;
  price: number;
  is_active: Flag;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface CourseEnrolmentsTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  source: EnrolmentSource;
  created_at: string;
  updated_at: string;
}

export interface CourseGrantsTable {
  id: Generated<number>;
  enrolment_id: number;
  user_id: number;
  course_id: number;
  product_id: number | null;
  source: CourseGrantSource;
  /** `order:<id>`, `gift:<id>`, `staff:<reference>`: unique, so one source grants once. */
  source_key: string;
  created_at: string;
}

export interface LessonProgressTable {
  user_id: number;
  lesson_id: number;
  done: Flag;
  /** Seconds into the media, or the scroll fraction 0..1 of a text lesson. */
  position: number;
  client_updated_at: string;
  done_at: string | null;
  updated_at: string;
}

export interface CourseCertificatesTable {
  id: Generated<number>;
  code: string;
  user_id: number;
  course_id: number;
  /** The learner's name and the course's title when it was issued: a certificate does not change later. */
  display_name: string;
  course_title: string;
  issued_at: string;
}

export interface CourseTables {
  courses: CoursesTable;
  course_tags: CourseTagsTable;
  lessons: LessonsTable;
  course_products: CourseProductsTable;
  course_enrolments: CourseEnrolmentsTable;
  course_grants: CourseGrantsTable;
  lesson_progress: LessonProgressTable;
  course_certificates: CourseCertificatesTable;
}
