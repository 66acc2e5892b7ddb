import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { API_PREFIX } from '../../../shared/api/common.js';
import { coursePagePath, coursesPaths, lessonPagePath, type OfflineManifest } from '../../../shared/api/courses.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden } from '../../platform/errors.js';
import { isValidKey, PUBLIC_MEDIA } from '../../platform/storage/index.js';
import { getCourse, doneLessonIds } from './course-service.js';
import { lessonsOfCourse, liveLessonTranslations } from './lesson-repo.js';
import { lessonView } from './lesson-service.js';
import { MEMBER_MEDIA, withSignedMedia } from './member-media.js';
import { imageUrls } from './text.js';
import { courseAccessOf, visibleCourse, type Viewer } from './viewer.js';

const apiUrl = (template: string, id: number) => `${API_PREFIX}${template.replace(':id', String(id))}`;
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * Where the file behind an image URL of this site is, or nothing for another host: `/uploads/...` are uploaded
 * media (storage's `media/`), `member_media/...` a lesson's own files (storage's `member-media/`), other paths
 * the built client's static files (the source `public/` folder where the client is not built). Never a path
 * outside those folders.
 */
function whereIs(ctx: AppContext, url: string): { key: string } | { files: string[] } | null {
  let pathname: string;
  try {
    const parsed = new URL(url, ctx.config.publicUrl);
    if (parsed.origin !== new URL(ctx.config.publicUrl).origin) return null;
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  const uploads = '/uploads/';
  const memberMedia = `${API_PREFIX}/member_media/`;
  if (pathname.startsWith(uploads)) return { key: `${PUBLIC_MEDIA}/${pathname.slice(uploads.length)}` };
  if (pathname.startsWith(memberMedia)) return { key: `${MEMBER_MEDIA}/${pathname.slice(memberMedia.length)}` };
  const roots = [path.join(ctx.config.distDir, 'client'), path.resolve('public')];
  return { files: roots.map((root) => path.resolve(root, pathname.slice(1))).filter((file, i) => file.startsWith(path.resolve(roots[i]) + path.sep)) };
}

async function fileSize(ctx: AppContext, url: string): Promise<number | null> {
  const where = whereIs(ctx, url);
  if (!where) return null;
  if ('key' in where) return isValidKey(where.key) ? ((await ctx.storage.head(where.key))?.size ?? null) : null;
  for (const file of where.files) {
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) return info.size;
  }
  return null;
}

/**
 * What saving a course for offline use needs, for a caller who may read the whole course (403 otherwise,
 * 404 for a course they cannot see): the course's and every lesson's page and API URL with the byte size
 * of the API answer as this caller gets it, every image with its file size, and one version that changes
 * whenever the course or a lesson changes, or a lesson is added or removed.
 */
export async function offlineManifest(ctx: AppContext, viewer: Viewer, courseId: number): Promise<OfflineManifest> {
  const course = await visibleCourse(ctx, viewer, courseId);
  const access = await courseAccessOf(ctx, viewer, course);
  if (!access.decision.can_read) throw new Forbidden(`This course cannot be saved for offline use by you (${access.decision.reason}).`);
  const [detail, lessons, done] = await Promise.all([
    getCourse(ctx, viewer, course.id),
    lessonsOfCourse(ctx.db.kysely, course.id),
    viewer.actor ? doneLessonIds(ctx, viewer.actor.id, course.id) : Promise.resolve(null),
  ]);
  // Each lesson's answer as the API gives it, its translation link included, so its size is the saved copy's.
  const translations = await liveLessonTranslations(ctx.db.kysely, lessons);
  const images = new Set<string>([...(course.cover ? [course.cover] : []), ...imageUrls(course.content_html)]);
  const lessonEntries = lessons.map((lesson) => {
    const view = withSignedMedia(ctx, lessonView(course, lesson, access, viewer, done ? done.has(lesson.id) : null, translations.get(lesson.id) ?? null));
    // The URLs of the copy the caller saves (member media signed), so the saved page finds its saved images.
    const own = imageUrls(view.content_html ?? lesson.content_html);
    own.forEach((url) => images.add(url));
    return {
      id: lesson.id,
      title: lesson.title,
      page_url: lessonPagePath(course.id, lesson.id),
      api_url: apiUrl(coursesPaths.lesson, lesson.id),
      api_bytes: jsonBytes(view),
      images: own,
    };
  });
  const sized = await Promise.all([...images].map(async (url) => ({ url, bytes: await fileSize(ctx, url) })));
  const courseBytes = jsonBytes(detail);
  const version = createHash('sha256')
    .update(JSON.stringify([course.id, course.updated_at, lessons.map((l) => [l.id, l.updated_at, l.position])]))
    .digest('hex')
    .slice(0, 24);
  return {
    course_id: course.id,
    version,
    page_url: coursePagePath(course.id),
    api_url: apiUrl(coursesPaths.course, course.id),
    api_bytes: courseBytes,
    lessons: lessonEntries,
    images: sized,
    total_bytes: courseBytes + lessonEntries.reduce((n, l) => n + l.api_bytes, 0) + sized.reduce((n, i) => n + (i.bytes ?? 0), 0),
  };
}
