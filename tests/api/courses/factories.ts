import type { LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../../../src/server/db/types.js';
import { grantMembership } from '../../../src/server/modules/membership/service.js';
import type { TestApp } from '../helpers/app.js';
import { createPremiumProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';

let seq = 0;
export const next = () => `${Date.now().toString(36)}${(seq += 1)}`;

export interface Person {
  user: UserRow;
  token: string;
}

export async function person(t: TestApp, kind: 'user' | 'staff' | 'member' = 'user'): Promise<Person> {
  const user = kind === 'staff' ? await createStaff(t) : await createUser(t);
  if (kind === 'member') {
    const product = await createPremiumProduct(t);
    await grantMembership(t.app.ctx, user.id, product.id, { kind: 'staff', reference: `courses-member-${user.id}` });
  }
  return { user, token: await tokenFor(t, user) };
}

export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

export interface CourseOut {
  id: number;
  slug: string;
  access: string;
  updated_at: string;
  [key: string]: unknown;
}
export interface LessonOut {
  id: number;
  course_id: number;
  locked: boolean;
  reason: string;
  content_html: string | null;
  media_url: string | null;
  summary: string;
  done: boolean | null;
  [key: string]: unknown;
}

/** A course through the API as staff (published unless told otherwise). */
export async function createCourse(t: TestApp, staffToken: string, fields: Record<string, unknown> = {}): Promise<CourseOut> {
  const n = next();
  return ok<CourseOut>(
    await t.api('POST', '/course', { token: staffToken, body: { title: `Course ${n}`, summary: `About course ${n}`, body_markdown: `Course ${n} description.`, is_published: true, ...fields } }),
    201,
  );
}

/** A lesson through the API as staff; the body carries a secret word, a code block and an image. */
export async function createLesson(t: TestApp, staffToken: string, courseId: number, fields: Record<string, unknown> = {}): Promise<LessonOut> {
  const n = next();
  return ok<LessonOut>(
    await t.api('POST', '/lesson', {
      token: staffToken,
      body: {
        course_id: courseId,
        title: `Lesson ${n}`,
        body_markdown: `Opening paragraph of lesson ${n}.\n\nThe secret${n}word is here.\n\n\`\`\`ts\nconst x = 1;\n\`\`\`\n\n![figure](/media/demo/figure-test-layers.webp)`,
        media_url: 'https://media.example.com/video.mp4',
        media_kind: 'video',
        duration: 300,
        ...fields,
      },
    }),
    201,
  );
}

/** A course with `count` lessons, the first a free preview when asked. */
export async function courseWithLessons(t: TestApp, staffToken: string, access: 'free' | 'premium' | 'purchase', count = 3, preview = false) {
  const course = await createCourse(t, staffToken, { access });
  const lessons: LessonOut[] = [];
  for (let i = 0; i < count; i += 1) lessons.push(await createLesson(t, staffToken, course.id, { is_free_preview: preview && i === 0 }));
  return { course, lessons };
}
