import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Submission } from '../../../../shared/api/content-readers.js';
import type { PageQuery } from '../../../../shared/api/common.js';
import { isStaff, type Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { Forbidden, Invalid, NotFound, PayloadTooLarge, UnsupportedMediaType } from '../../../platform/errors.js';
import { offsetOf } from '../../../platform/http.js';
import { nowIso } from '../../../platform/time.js';
import type { Page } from '../articles/service.js';
import { detectSubmissionType, extensionOf } from './file-type.js';
import { countSubmissions, findSubmission, insertSubmission, listSubmissions, updateSubmissionStatus } from './repo.js';

export interface Upload {
  filename: string;
  data: Buffer;
  note: string;
}

type SubmissionRow = NonNullable<Awaited<ReturnType<typeof findSubmission>>>;

/** The stored file name stays on the server: it is not part of the answer. */
const toSubmission = (row: SubmissionRow): Submission => ({
  id: row.id,
  user_id: row.user_id,
  original_name: row.original_name,
  mime_type: row.mime_type,
  size: Number(row.size),
  note: row.note,
  status: row.status,
  created_at: row.created_at,
});

/** The client's name as shown to editors: its last path segment, no control characters, bounded. */
export function displayName(filename: string): string {
  const base = filename.replace(/\\/g, '/').split('/').pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = base.normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return clean || 'upload';
}

/** Storage's folder of submitted files (DATA_DIR/submissions on disk): no route serves it, staff read through the API. */
export const SUBMISSIONS = 'submissions';

/**
 * Accepts a file for editorial review: size and type (by content) are checked, the bytes are written under
 * a random name, then recorded; a failed record removes the file again.
 */
export async function createSubmission(ctx: AppContext, actor: Actor, upload: Upload): Promise<Submission> {
  if (upload.data.length === 0) throw Invalid.field('file', 'The file is empty.');
  if (upload.data.length > ctx.config.uploadMaxBytes) {
    throw new PayloadTooLarge(`The file is larger than ${ctx.config.uploadMaxBytes} bytes.`, 'file');
  }
  const originalName = displayName(upload.filename);
  const type = detectSubmissionType(upload.data, originalName);
  if (!type) throw new UnsupportedMediaType('Send a PDF, Word (.docx), Markdown, plain text, PNG, JPEG or WebP file.', 'file');
  const storedName = `${randomBytes(16).toString('hex')}${extensionOf(type)}`;
  const key = `${SUBMISSIONS}/${storedName}`;
  await ctx.storage.put(key, upload.data, { contentType: type, private: true });
  try {
    const row = await insertSubmission(ctx.db.kysely, {
      user_id: actor.id,
      original_name: originalName,
      stored_name: storedName,
      mime_type: type,
      size: upload.data.length,
      note: upload.note,
      status: 'pending',
      created_at: nowIso(),
    });
    return toSubmission(row);
  } catch (err) {
    await ctx.storage.delete(key);
    throw err;
  }
}

export async function listOwnSubmissions(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Page<Submission>> {
  const userId = isStaff(actor) ? undefined : actor.id;
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countSubmissions(db, userId), listSubmissions(db, userId, query.page_size, offsetOf(query))]);
  return { count, results: rows.map(toSubmission) };
}

/** Its submitter or staff; anyone else gets the same 404 as for no submission. */
export async function getSubmission(ctx: AppContext, actor: Actor, id: number): Promise<Submission> {
  const row = await findSubmission(ctx.db.kysely, id);
  if (!row || (row.user_id !== actor.id && !isStaff(actor))) throw new NotFound('Submission');
  return toSubmission(row);
}

/** Staff's review queue: everyone's submissions, newest first, by status. */
export async function listSubmissionsForReview(ctx: AppContext, actor: Actor, query: PageQuery & { status?: Submission['status'] }): Promise<Page<Submission>> {
  if (!isStaff(actor)) throw new Forbidden('Only staff review submissions.');
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countSubmissions(db, undefined, query.status), listSubmissions(db, undefined, query.page_size, offsetOf(query), query.status)]);
  return { count, results: rows.map(toSubmission) };
}

/** Staff accept or reject a submission (or put it back as pending). */
export async function setSubmissionStatus(ctx: AppContext, actor: Actor, id: number, status: Submission['status']): Promise<Submission> {
  if (!isStaff(actor)) throw new Forbidden('Only staff review submissions.');
  const row = await updateSubmissionStatus(ctx.db.kysely, id, status);
  if (!row) throw new NotFound('Submission');
  return toSubmission(row);
}

/** The stored file of a submission, for staff to read: its bytes (opened) and how to name it. */
export async function submissionFileFor(ctx: AppContext, actor: Actor, id: number): Promise<{ body: Readable; name: string; type: string; size: number }> {
  if (!isStaff(actor)) throw new Forbidden('Only staff read submitted files.');
  const row = await findSubmission(ctx.db.kysely, id);
  if (!row) throw new NotFound('Submission');
  const stored = await ctx.storage.get(`${SUBMISSIONS}/${row.stored_name}`);
  if (!stored) throw new NotFound('Submitted file');
  return { body: stored.body, name: row.original_name, type: row.mime_type, size: stored.size };
}
