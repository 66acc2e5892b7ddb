import { createHash } from 'node:crypto';
import { API_PREFIX } from '../../../shared/api/common.js';
import { memberMediaPaths } from '../../../shared/api/courses.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Forbidden, NotFound, Unauthorized, UnsupportedMediaType } from '../../platform/errors.js';
import { expiryAfter, urlSigner } from '../../platform/signed-urls.js';
import { findCourse } from './course-repo.js';
import { findLesson } from './lesson-repo.js';
import { courseAccessOf, lessonDecision, viewerOf, type Viewer } from './viewer.js';

/**
 * Media that belong to one lesson or one article, served only to callers who may read it. Files live in
 * storage's member-media/<kind>/<id>/ (outside `media/`, which `/uploads/` serves to anyone) under
 * their content hash; their URL names the owner, so the check needs no lookup table: a file is
 * member-only exactly when its owner is (a locked lesson, a premium article that is not a free read).
 * A reader's own copy of the text carries signed URLs (`exp`, `sig`), which `<img>` and `<audio>` load
 * without a bearer token; a bearer token works too.
 */
export type MediaOwner = 'lesson' | 'article';

const TYPES: Array<{ ext: string; type: string; test: (b: Buffer) => boolean }> = [
  { ext: 'png', type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { ext: 'webp', type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { ext: 'mp3', type: 'audio/mpeg', test: (b) => b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0) },
  { ext: 'ogg', type: 'audio/ogg', test: (b) => b.subarray(0, 4).toString('latin1') === 'OggS' },
  { ext: 'm4a', type: 'audio/mp4', test: (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' },
  { ext: 'pdf', type: 'application/pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
];
const STORED_NAME = /^([0-9a-f]{64})\.(png|jpg|gif|webp|mp3|ogg|m4a|pdf)$/;
/** Signed URLs end on the next full hour plus one: valid one to two hours, and the same all that hour. */
const SIGNED_HOUR = 3600;

export const contentTypeOf = (name: string) => TYPES.find((t) => name.endsWith(`.${t.ext}`))!.type;

/** Storage's folder of member media (DATA_DIR/member-media on disk); the bucket is never public. */
export const MEMBER_MEDIA = 'member-media';
const mediaKey = (kind: MediaOwner, id: number, name: string) => `${MEMBER_MEDIA}/${kind}/${id}/${name}`;

export const mediaUrl = (kind: MediaOwner, id: number, name: string) =>
  `${API_PREFIX}${memberMediaPaths.file.replace(':kind', kind).replace(':id', String(id)).replace(':name', name)}`;

/** Stores the file under its content hash, its type judged by its bytes (never the name or declared type). */
export async function storeMemberMedia(ctx: AppContext, kind: MediaOwner, id: number, data: Buffer): Promise<{ url: string; bytes: number; content_type: string }> {
  const type = TYPES.find((t) => data.length >= 12 && t.test(data));
  if (!type) throw new UnsupportedMediaType('The file must be a PNG, JPEG, GIF or WebP image, MP3, Ogg or M4A audio, or a PDF.', 'file');
  const name = `${createHash('sha256').update(data).digest('hex')}.${type.ext}`;
  await ctx.storage.put(mediaKey(kind, id, name), data, { contentType: type.type, immutable: true });
  return { url: mediaUrl(kind, id, name), bytes: data.length, content_type: type.type };
}

/** The storage key behind a URL's parts, or null for a name that is not one of ours. */
export function mediaFileKey(kind: MediaOwner, id: number, name: string): string | null {
  return STORED_NAME.test(name) ? mediaKey(kind, id, name) : null;
}

const signerOf = (ctx: AppContext) => urlSigner(ctx.config.secretKey, 'member-media');

/** Whether `sig` signs this path until `exp` (seconds), and `exp` has not passed. */
export function validSignature(ctx: AppContext, pathname: string, exp: string, sig: string, nowSeconds = Date.now() / 1000): boolean {
  return signerOf(ctx).isValid(pathname, exp, sig, nowSeconds);
}

/**
 * Every member-media URL in the text, signed for the next one to two hours; in HTML the `&` is written `&amp;`.
 * With `owner`, only that owner's files are signed: an article's reader gets no key to files it merely links.
 */
export function signMediaUrls(ctx: AppContext, text: string, nowSeconds = Date.now() / 1000, html = false, owner?: { kind: MediaOwner; id: number }): string {
  const exp = expiryAfter(nowSeconds, SIGNED_HOUR);
  const signer = signerOf(ctx);
  const scope = owner ? `${owner.kind}/${owner.id}` : '(?:lesson|article)/\\d+';
  const pattern = new RegExp(`${API_PREFIX}/member_media/${scope}/[0-9a-f]{64}\\.[a-z0-9]{3,4}(?![?\\w])`, 'g');
  return text.replace(pattern, (pathname) => `${pathname}?exp=${exp}${html ? '&amp;' : '&'}sig=${signer.signatureOf(pathname, exp)}`);
}

/**
 * The caller's access to the lesson the file belongs to: 404 for one they may not see (a lesson of an
 * unpublished course, an unknown id; staff see those), else the lesson's access decision, and whether
 * everyone may read it (a free course's lesson or a free preview).
 */
export async function mediaAccess(ctx: AppContext, actor: Actor | null, id: number): Promise<{ can_read: boolean; openToAll: boolean }> {
  const viewer: Viewer = await viewerOf(ctx, actor);
  const lesson = await findLesson(ctx.db.kysely, id);
  const course = lesson && (await findCourse(ctx.db.kysely, lesson.course_id));
  if (!lesson || !course || (course.is_published !== 1 && !viewer.who.staff)) throw new NotFound('File');
  const decision = lessonDecision(viewer, await courseAccessOf(ctx, viewer, course), lesson);
  return { can_read: decision.can_read, openToAll: course.is_published === 1 && (course.access === 'free' || lesson.is_free_preview === 1) };
}

/** 401 for a guest, 403 for a signed-in caller who may not read the owner. */
export function refuse(actor: Actor | null): never {
  if (!actor) throw new Unauthorized();
  throw new Forbidden('Only readers of this content may load its media.');
}

/**
 * A reader's own copy of a lesson: the member-media URLs of its body and media signed, so the browser's
 * `<img>` and `<audio>` load them without a token. Locked copies have nothing to sign, and a lesson open
 * to everyone needs no signature (its copy may sit in shared caches).
 */
export function withSignedMedia<T extends { locked: boolean; reason: string; content_html: string | null; media_url: string | null }>(ctx: AppContext, view: T): T {
  if (view.locked || view.reason === 'free' || view.reason === 'preview') return view;
  return {
    ...view,
    content_html: view.content_html === null ? null : signMediaUrls(ctx, view.content_html, undefined, true),
    media_url: view.media_url === null ? null : signMediaUrls(ctx, view.media_url),
  };
}
