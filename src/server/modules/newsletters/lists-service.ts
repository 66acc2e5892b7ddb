import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  emailField,
} from '../../../shared/api/messaging.js';
import {
  MAIL_LANGUAGES,
  SEGMENTS_WITH_REF,
  UPLOAD_MAX_ROWS,
  type AddRecipientBody,
  type GenRecipientListBody,
  type Recipient,
  type RecipientList,
  type UploadRecipientListBody,
} from '../../../shared/api/newsletters.js';
import type { AppContext } from '../../platform/context.js';
import { Invalid, NotFound } from '../../platform/errors.js';
import { nowIso } from '../../platform/time.js';
import { hasEmail } from '../users/service.js';
import { findList, insertList, insertRecipients, listExists, listLists, recipientsOf, touchList, upsertRecipient, type ListRow } from './repo.js';
import { segmentMembers, segmentRefExists, usersByEmail } from './segments-repo.js';

/** Recipient lists: generated from a segment, uploaded as CSV (all rows or none), downloaded, added to by hand. */

const toList = (row: ListRow): RecipientList => ({ ...row, recipient_count: Number(row.recipient_count) });
const mailLanguage = (value: string | null | undefined) => (value === 'zh-CN' ? 'zh-CN' : 'en');

export async function recipientLists(ctx: AppContext): Promise<RecipientList[]> {
  return (await listLists(ctx.db.kysely)).map(toList);
}

async function listOrThrow(ctx: AppContext, id: number): Promise<RecipientList> {
  const row = await findList(ctx.db.kysely, id);
  if (!row) throw new NotFound('Recipient list');
  return toList(row);
}

export async function generateList(ctx: AppContext, body: GenRecipientListBody): Promise<RecipientList> {
  const ref = body.ref_id ?? null;
  if (SEGMENTS_WITH_REF.includes(body.segment) && ref === null) throw Invalid.field('ref_id', `The ${body.segment} segment needs the id of its ${body.segment}.`);
  if (body.segment === 'accepted' && ref !== null) throw Invalid.field('ref_id', 'The accepted segment takes no id.');
  if (ref !== null && !(await segmentRefExists(ctx.db.kysely, body.segment, ref))) throw Invalid.field('ref_id', `No ${body.segment === 'expired' ? 'plan' : body.segment} has this id.`);
  const now = nowIso();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const members = (await segmentMembers(trx, body.segment, ref, now)).filter((m) => hasEmail(m));
    const listId = await insertList(trx, body.name, body.segment, ref, now);
    await insertRecipients(
      trx,
      members.map((m) => ({ list_id: listId, email: m.email.toLowerCase(), name: m.name, language: mailLanguage(m.language), user_id: m.user_id, created_at: now })),
    );
    return listId;
  });
  return listOrThrow(ctx, id);
}

interface CsvRow {
  record: Record<string, string>;
  info: { lines: number };
}

const COLUMNS = ['email', 'name', 'language'];
const MAX_REPORTED = 50;

/** Parses and checks every row first: one bad row refuses the whole file, each bad row named by its line. */
function readCsv(csv: string): { email: string; name: string; language: string; line: number }[] {
  let rows: CsvRow[];
  try {
    rows = parse(csv, { bom: true, columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, trim: true, info: true }) as CsvRow[];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw Invalid.field('csv', `${line ? `Line ${line}: ` : ''}${err instanceof Error ? err.message : 'The CSV could not be read.'}`);
  }
  const header = rows.length ? Object.keys(rows[0].record) : [];
  if (!header.includes('email')) throw Invalid.field('csv', 'Line 1: the header row must name an email column.');
  const unknown = header.filter((h) => !COLUMNS.includes(h));
  if (unknown.length) throw Invalid.field('csv', `Line 1: unknown column ${unknown.join(', ')} (use email, name, language).`);
  if (rows.length > UPLOAD_MAX_ROWS) throw Invalid.field('csv', `Use at most ${UPLOAD_MAX_ROWS} rows.`);
  const problems: Record<string, string> = {};
  const seen = new Map<string, number>();
  const good = [];
  for (const { record, info } of rows) {
    const line = info.lines;
    const email = emailField.safeParse(record.email ?? '');
    const language = (record.language ?? '').trim() || 'en';
    const name = record.name ?? '';
    if (!email.success) problems[`line ${line}`] = `email: ${email.error.issues[0]?.message ?? 'Enter a valid e-mail address.'}`;
    else if (seen.has(email.data)) problems[`line ${line}`] = `email: ${email.data} is already on line ${seen.get(email.data)}.`;
    else if (!(MAIL_LANGUAGES as readonly string[]).includes(language)) problems[`line ${line}`] = 'language: Use en or zh-CN.';
    else if (name.length > 200) problems[`line ${line}`] = 'name: Use at most 200 characters.';
    else {
      seen.set(email.data, line);
      good.push({ email: email.data, name, language, line });
    }
  }
  const bad = Object.keys(problems);
  if (bad.length) {
    const shown = Object.fromEntries(Object.entries(problems).slice(0, MAX_REPORTED));
    const first = bad.slice(0, 5).map((key) => `${key}: ${problems[key]}`).join('; ');
    throw new Invalid(`csv: ${bad.length} bad row${bad.length === 1 ? '' : 's'}, nothing imported. ${first}`, { csv: `${bad.length} bad row${bad.length === 1 ? '' : 's'}; nothing imported.`, ...shown });
  }
  if (good.length === 0) throw Invalid.field('csv', 'The file has no rows below its header.');
  return good;
}

export async function uploadList(ctx: AppContext, body: UploadRecipientListBody): Promise<RecipientList> {
  const rows = readCsv(body.csv);
  const now = nowIso();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const accounts = await usersByEmail(trx, rows.map((r) => r.email));
    const listId = await insertList(trx, body.name, 'upload', null, now);
    await insertRecipients(
      trx,
      rows.map((r) => ({ list_id: listId, email: r.email, name: r.name, language: r.language, user_id: accounts.get(r.email) ?? null, created_at: now })),
    );
    return listId;
  });
  return listOrThrow(ctx, id);
}

export async function downloadList(ctx: AppContext, listId: number): Promise<{ name: string; csv: string }> {
  const list = await listExists(ctx.db.kysely, listId);
  if (!list) throw new NotFound('Recipient list');
  const rows = await recipientsOf(ctx.db.kysely, listId);
  // A leading = + - @ would be a formula in a spreadsheet: such a name is quoted with a leading apostrophe.
  const safe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
  const csv = stringify(rows.map((r) => [r.email, safe(r.name), r.language]), { header: true, columns: ['email', 'name', 'language'] });
  return { name: list.name, csv };
}

export async function addRecipient(ctx: AppContext, body: AddRecipientBody): Promise<Recipient> {
  const db = ctx.db.kysely;
  if (!(await listExists(db, body.list_id))) throw Invalid.field('list_id', 'No recipient list has this id.');
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const account = (await usersByEmail(trx, [body.email])).get(body.email) ?? null;
    const row = await upsertRecipient(trx, { list_id: body.list_id, email: body.email, name: body.name, language: body.language, user_id: account, created_at: now });
    await touchList(trx, body.list_id, now);
    return { id: row.id, email: row.email, name: row.name, language: row.language, user_id: row.user_id };
  });
}
