import type { AuditEntry, AuditListQuery } from '../../../shared/api/backoffice.js';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { offsetOf } from '../../platform/http.js';
import { nowIso } from '../../platform/time.js';
import { assertSuperuser } from './access.js';
import { countAuditEntries, insertAuditEntry, listAuditEntries } from './audit-repo.js';

/** The most of one recorded body kept, in characters: a list answered by a write is cut, not the log. */
export const AUDIT_BODY_MAX = 16_000;

const HIDDEN = '[hidden]';
/** Fields never written to the log, whoever reads it later. */
const SECRET_KEYS = /pass(word)?|token|secret|^access$|^refresh$|altcha|signature/i;

/**
 * A body as it can be kept: secrets blanked (and, for gift codes, the codes themselves: they are shown in full
 * only in the answer that made them), as JSON text, or null when there is nothing or it is too long to be useful.
 */
export function keepable(value: unknown, options: { hideCodes: boolean }): string | null {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value, (key, v: unknown) => (key && (SECRET_KEYS.test(key) || (options.hideCodes && /^codes?$/.test(key))) ? HIDDEN : v));
  if (text === undefined) return null;
  return text.length > AUDIT_BODY_MAX ? JSON.stringify({ truncated: true, start: text.slice(0, 2000) }) : text;
}

export interface AuditRecord {
  actor: Actor;
  method: string;
  route: string;
  path: string;
  target: string;
  status: number;
  before: string | null;
  request: string | null;
  after: string | null;
}

export async function recordStaffWrite(ctx: AppContext, entry: AuditRecord): Promise<void> {
  await insertAuditEntry(ctx.db.kysely, {
    actor_id: entry.actor.id,
    actor_name: entry.actor.username,
    method: entry.method,
    route: entry.route,
    path: entry.path,
    target: entry.target,
    status: entry.status,
    before: entry.before,
    request: entry.request,
    after: entry.after,
    created_at: nowIso(),
  });
}

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export async function listAudit(ctx: AppContext, actor: Actor, query: AuditListQuery): Promise<{ count: number; results: AuditEntry[] }> {
  assertSuperuser(actor);
  const filters = { actorId: query.actor, route: query.route, target: query.target };
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countAuditEntries(db, filters), listAuditEntries(db, filters, query.page_size, offsetOf(query))]);
  return {
    count,
    results: rows.map((r) => ({
      id: r.id,
      actor: { id: r.actor_id, name: r.actor_name },
      method: r.method,
      route: r.route,
      path: r.path,
      target: r.target,
      status: r.status,
      before: parsed(r.before),
      request: parsed(r.request),
      after: parsed(r.after),
      created_at: r.created_at,
    })),
  };
}
