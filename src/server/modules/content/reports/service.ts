import type { Report } from '../../../../shared/api/content-readers.js';
import type { PageQuery } from '../../../../shared/api/common.js';
import { isStaff, type Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../../platform/errors.js';
import { offsetOf } from '../../../platform/http.js';
import { nowIso } from '../../../platform/time.js';
import { getSummary, type Page } from '../articles/service.js';
import { countReports, deleteReport as removeReport, findReport, insertReport, listReports, updateReport as writeReport } from './repo.js';

type Status = Report['status'];
type Reason = Report['reason'];

export interface ReportCreateInput {
  article_id: number | null;
  url: string;
  reason: Reason;
  detail: string;
}

export interface ReportChanges {
  reason?: Reason;
  detail?: string;
  status?: Status;
}

type ReportRow = NonNullable<Awaited<ReturnType<typeof findReport>>>;

const toReport = (row: ReportRow): Report => ({
  id: row.id,
  user_id: row.user_id,
  article_id: row.article_id,
  url: row.url,
  reason: row.reason as Reason,
  detail: row.detail,
  status: row.status,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The report if the caller filed it or is staff; anyone else gets the same 404 as for no report at all. */
async function ownedReport(ctx: AppContext, actor: Actor, id: number): Promise<ReportRow> {
  const row = await findReport(ctx.db.kysely, id);
  if (!row || (row.user_id !== actor.id && !isStaff(actor))) throw new NotFound('Report');
  return row;
}

/** Staff decide a report's fate; once decided, its reporter can no longer change or withdraw it. */
function checkChange(actor: Actor, row: ReportRow, changes: ReportChanges = {}): void {
  if (isStaff(actor)) return;
  if (changes.status !== undefined) throw new Forbidden('Only staff change the status of a report.');
  if (row.status !== 'open') throw new Conflict('This report has been closed and can no longer be changed.');
}

export async function listOwnReports(ctx: AppContext, actor: Actor, query: PageQuery & { status?: Status }): Promise<Page<Report>> {
  const filters = { userId: isStaff(actor) ? undefined : actor.id, status: query.status };
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countReports(db, filters), listReports(db, filters, query.page_size, offsetOf(query))]);
  return { count, results: rows.map(toReport) };
}

/** A report on a published article (its page URL filled in when none is given) or on any URL. */
export async function createReport(ctx: AppContext, actor: Actor, input: ReportCreateInput): Promise<Report> {
  let url = input.url;
  if (input.article_id !== null) {
    const article = await getSummary(ctx, input.article_id).catch((err: unknown) => {
      if (err instanceof NotFound) throw Invalid.field('article_id', 'No such article.');
      throw err;
    });
    url ||= `${ctx.config.publicUrl}/article/${article.id}`;
  }
  const now = nowIso();
  const row = await insertReport(ctx.db.kysely, {
    user_id: actor.id,
    article_id: input.article_id,
    url,
    reason: input.reason,
    detail: input.detail,
    status: 'open',
    created_at: now,
    updated_at: now,
  });
  return toReport(row);
}

export async function getReport(ctx: AppContext, actor: Actor, id: number): Promise<Report> {
  return toReport(await ownedReport(ctx, actor, id));
}

export async function updateReport(ctx: AppContext, actor: Actor, id: number, changes: ReportChanges): Promise<Report> {
  const row = await ownedReport(ctx, actor, id);
  checkChange(actor, row, changes);
  const updated = await writeReport(ctx.db.kysely, id, {
    ...(changes.reason !== undefined && { reason: changes.reason }),
    ...(changes.detail !== undefined && { detail: changes.detail }),
    ...(changes.status !== undefined && { status: changes.status }),
    updated_at: nowIso(),
  });
  return toReport(updated);
}

export async function deleteReport(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await ownedReport(ctx, actor, id);
  checkChange(actor, row);
  await removeReport(ctx.db.kysely, id);
}
