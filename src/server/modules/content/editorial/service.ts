import type { PageQuery } from '../../../../shared/api/common.js';
import type { AnyFields, EditableKind, EditorialItem, EditorialListItem, EditorialListQuery, EditorialOptions, RevisionDetail, RevisionSummary } from '../../../../shared/api/content-editorial.js';
import type { Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { Conflict, NotFound } from '../../../platform/errors.js';
import { planNames } from '../plan-access-repo.js';
import { renderMarkdown } from '../../../platform/markdown.js';
import { nowIso } from '../../../platform/time.js';
import { adapterOf, parseFields, type Db, type EditableKindAdapter, type Trx } from './kinds.js';
import { aliasesOf, aliasHead } from './alias-repo.js';
import { followOriginal, refuseContentEdit } from './alias-sync.js';
import { catalogNames, findRevision, findSchedule, insertRevision, latestRevision, listRevisions, lockItem, schedulesOf } from './repo.js';

export { freeSlug, registerEditable, slugOf, type EditableKindAdapter } from './kinds.js';

const REVISIONS_LISTED = 100;

const authorName = (actor: Actor) => actor.display_name || actor.username;
const versionOf = (revisionId: number, stamp: string) => `${revisionId}.${stamp}`;

/**
 * The item as its editor opens it. Its fields are the latest revision's while that revision waits for publishing
 * (a live item's saves), else the row's own (which a write outside the editor may have changed since).
 */
export async function openItem(ctx: AppContext, kind: EditableKind, id: number, db: Db = ctx.db.kysely): Promise<EditorialItem> {
  const adapter = adapterOf(ctx, kind);
  const [loaded, latest, schedule, alias, aliases] = await Promise.all([
    adapter.load(db, id),
    latestRevision(db, kind, id),
    findSchedule(db, kind, id),
    aliasHead(db, adapter.table, id),
    aliasesOf(db, adapter.table, id),
  ]);
  if (!loaded || !alias) throw new NotFound(adapter.what);
  const pending = latest !== undefined && latest.applied === 0;
  const { head } = loaded;
  return {
    kind,
    id,
    fields: pending ? (JSON.parse(latest.fields) as Record<string, unknown>) : loaded.fields,
    version: versionOf(latest?.id ?? 0, head.stamp),
    status: head.live ? 'live' : schedule ? 'scheduled' : 'draft',
    unpublished_changes: head.live && pending,
    scheduled_at: schedule?.publish_at ?? null,
    updated_at: head.updated_at,
    html_url: head.html_url,
    alias_of: alias.alias_of,
    aliases,
    ...(adapter.lessons && { lessons: await adapter.lessons(db, id) }),
  };
}

export async function listItems(ctx: AppContext, kind: EditableKind, query: EditorialListQuery & PageQuery): Promise<{ count: number; results: EditorialListItem[] }> {
  const db = ctx.db.kysely;
  const { count, rows } = await adapterOf(ctx, kind).list(db, query);
  const schedules = await schedulesOf(db, kind, rows.map((r) => r.id));
  return {
    count,
    results: rows.map((row) => {
      const at = schedules.get(row.id) ?? null;
      return { id: row.id, title: row.title, status: row.live ? 'live' : at ? 'scheduled' : 'draft', scheduled_at: at, updated_at: row.updated_at, ...(row.language && { language: row.language }) };
    }),
  };
}

/**
 * Records a revision of these fields: written to the row too unless readers see the row (then publishing does).
 * Written to the row, it reaches the item's aliases at once (a draft's aliases are drafts too).
 */
export async function recordRevision(trx: Trx, adapter: EditableKindAdapter, id: number, live: boolean, fields: AnyFields, actor: Actor, note: string, now: string): Promise<void> {
  const applied = !live;
  if (applied) {
    await adapter.apply(trx, id, fields as never, now);
    await followOriginal(trx, adapter, id, now);
  }
  await insertRevision(trx, {
    kind: adapter.kind,
    item_id: id,
    fields: JSON.stringify(fields),
    title: fields.title,
    note,
    author_id: actor.id,
    author_name: authorName(actor),
    applied: applied ? 1 : 0,
    created_at: now,
  });
}

/** A new item is a draft, with its first revision. */
export async function createItem(ctx: AppContext, actor: Actor, kind: EditableKind, raw: unknown): Promise<EditorialItem> {
  const adapter = adapterOf(ctx, kind);
  const fields = await adapter.check(ctx, parseFields(kind, raw) as never, null);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    const id = await adapter.create(trx, fields, actor.id, now);
    await insertRevision(trx, { kind, item_id: id, fields: JSON.stringify(fields), title: fields.title, note: 'Created', author_id: actor.id, author_name: authorName(actor), applied: 1, created_at: now });
    return openItem(ctx, kind, id, trx);
  });
}

const staleBase = () =>
  new Conflict('Someone else saved this since you opened it. Open their version, or save yours over it.', { base_version: 'Someone else saved this since you opened it.' });

/**
 * Saves the editor's fields as a new revision, against the version the editor started from: a save against an
 * older version is refused (409), never merged or silently laid over another editor's work. An alias's content
 * is its original's (409 naming the field changed); its place (slug, category, order) is written at once, as it
 * has no publication of its own.
 */
export async function saveItem(ctx: AppContext, actor: Actor, kind: EditableKind, id: number, baseVersion: string, raw: unknown): Promise<EditorialItem> {
  const adapter = adapterOf(ctx, kind);
  const fields = await adapter.check(ctx, parseFields(kind, raw) as never, id);
  // A live item's saves wait for publishing, and a draft's change nothing readers see: no cache drops here.
  const saved = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await lockItem(trx, adapter.table, id))) throw new NotFound(adapter.what);
    const current = await openItem(ctx, kind, id, trx);
    if (current.version !== baseVersion) throw staleBase();
    if (current.alias_of) refuseContentEdit(kind, current.alias_of, current.fields, fields as unknown as Record<string, unknown>);
    await recordRevision(trx, adapter, id, current.status === 'live' && !current.alias_of, fields, actor, '', nowIso());
    return openItem(ctx, kind, id, trx);
  });
  // A live alias's new place shows readers at once.
  if (saved.alias_of && saved.status === 'live') ctx.events.changed(kind);
  return saved;
}

const toSummary = (row: { id: number; created_at: string; author_id: number | null; author_name: string; note: string; title: string }): RevisionSummary => ({
  id: row.id,
  created_at: row.created_at,
  author: { id: row.author_id, name: row.author_name },
  note: row.note,
  title: row.title,
});

export async function itemRevisions(ctx: AppContext, kind: EditableKind, id: number): Promise<RevisionSummary[]> {
  const adapter = adapterOf(ctx, kind);
  const db = ctx.db.kysely;
  if (!(await adapter.load(db, id))) throw new NotFound(adapter.what);
  return (await listRevisions(db, kind, id, REVISIONS_LISTED)).map(toSummary);
}

export async function itemRevision(ctx: AppContext, kind: EditableKind, id: number, revisionId: number): Promise<RevisionDetail> {
  const row = await findRevision(ctx.db.kysely, kind, id, revisionId);
  if (!row) throw new NotFound('Revision');
  return { ...toSummary(row), fields: JSON.parse(row.fields) as Record<string, unknown> };
}

/** Markdown as readers will see it: the renderer and sanitiser the server stores every body with. */
export function previewMarkdown(markdown: string): { html: string } {
  return { html: renderMarkdown(markdown) };
}

export async function editorialOptions(ctx: AppContext): Promise<EditorialOptions> {
  const db = ctx.db.kysely;
  const [categories, tags, topics, plans] = await Promise.all([catalogNames(db, 'categories'), catalogNames(db, 'tags'), catalogNames(db, 'topics'), planNames(db)]);
  return { categories, tags, topics, plans };
}
