import type { FastifyBaseLogger } from 'fastify';
import { isEditorialAction, EDITORIAL_ACTIONS, SCHEDULED_PUBLISH_INTERVAL_MS, type ActionBody, type AnyFields, type EditableKind, type EditorialItem } from '../../../../shared/api/content-editorial.js';
import type { Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { adapterOf, parseFields, type EditableKindAdapter, type Trx } from './kinds.js';
import { deleteHistory, deleteSchedule, dueSchedules, findRevision, insertRevision, latestRevision, lockItem, markApplied, putSchedule, takeSchedule } from './repo.js';
import { openItem, recordRevision } from './service.js';
import { convertAlias, createAlias } from './alias-actions.js';
import { followOriginal, releaseAliases } from './alias-sync.js';

export interface ActionResult {
  item: EditorialItem | null;
  created: boolean;
}

/** Writes a live item's waiting revision to its row, then makes it live: what `publish` and the schedule do. */
async function publishNow(trx: Trx, adapter: EditableKindAdapter, id: number, now: string): Promise<void> {
  const latest = await latestRevision(trx, adapter.kind, id);
  if (latest && latest.applied === 0) {
    await adapter.apply(trx, id, JSON.parse(latest.fields) as never, now);
    await markApplied(trx, latest.id);
  }
  await adapter.publish(trx, id, now);
  await deleteSchedule(trx, adapter.kind, id);
  await followOriginal(trx, adapter, id, now);
}

/** What an alias may not do on its own: its content and publication follow its original. */
const FOLLOWS_ORIGINAL = new Set(['publish', 'unpublish', 'schedule', 'revert_to_page_revision']);

function need<T>(value: T | undefined, field: string, message: string): T {
  if (value === undefined) throw Invalid.field(field, message);
  return value;
}

/**
 * SPEC's page actions for every editable kind: `publish` (with the saved changes that waited), `unpublish`,
 * `copy` (a draft with a new slug), `move` (a new place: lessons in their course, or another course and chapter;
 * courses and pages in their lists; an article into another category), `revert_to_page_revision` (an old
 * revision's fields saved as the newest), `create_alias` (a new item in the place given that shows this one's
 * content), `convert_alias` (an alias made an ordinary item) and `delete` (an original's aliases become ordinary
 * items); and `schedule` (`at`) and `unschedule`. Readers' caches drop when what they see changes.
 */
export async function itemAction(ctx: AppContext, actor: Actor, kind: EditableKind, id: number, action: string, body: ActionBody): Promise<ActionResult> {
  if (!isEditorialAction(action)) throw Invalid.field('action', `Use one of: ${EDITORIAL_ACTIONS.join(', ')}.`);
  const adapter = adapterOf(ctx, kind);
  const input = body ?? {};
  const db = ctx.db.kysely;
  if (action === 'copy') return copyItem(ctx, actor, adapter, id, input);
  if (action === 'create_alias') return createAlias(ctx, actor, adapter, id, input);
  // Checked before the transaction: on SQLite a read outside it would wait for the transaction's connection.
  const reverted = action === 'revert_to_page_revision' ? await revisionFields(ctx, adapter, id, input.revision_id) : undefined;

  const result = await db.transaction().execute(async (trx) => {
    if (!(await lockItem(trx, adapter.table, id))) throw new NotFound(adapter.what);
    const before = await openItem(ctx, kind, id, trx);
    const now = nowIso();
    if (before.alias_of && FOLLOWS_ORIGINAL.has(action)) {
      const message = `This is an alias of “${before.alias_of.title}”: ${action === 'revert_to_page_revision' ? 'revert' : action} the original, or convert this alias first.`;
      throw new Conflict(`action: ${message}`, { action: message });
    }
    switch (action) {
      case 'publish':
        await publishNow(trx, adapter, id, now);
        break;
      case 'unpublish':
        if (!adapter.unpublish) throw Invalid.field('action', 'A lesson is published with its course: unpublish the course.');
        await adapter.unpublish(trx, id, now);
        await followOriginal(trx, adapter, id, now);
        break;
      case 'convert_alias':
        await convertAlias(trx, actor, adapter, id, now);
        break;
      case 'move':
        await adapter.move(trx, id, input, now);
        break;
      case 'revert_to_page_revision':
        await recordRevision(trx, adapter, id, before.status === 'live', reverted!, actor, `Reverted to revision ${input.revision_id}`, now);
        break;
      case 'schedule': {
        if (!adapter.schedulable) throw Invalid.field('action', 'A lesson is published with its course: schedule the course.');
        const at = need(input.at, 'at', 'Give a date and time.');
        if (Date.parse(at) <= Date.now()) throw Invalid.field('at', 'Give a time in the future.');
        if (before.status === 'live') throw new Conflict('This is live already.');
        await putSchedule(trx, { kind, item_id: id, publish_at: new Date(at).toISOString(), created_by: actor.id, created_at: now });
        break;
      }
      case 'unschedule':
        await deleteSchedule(trx, kind, id);
        break;
      case 'delete':
        await releaseAliases(trx, adapter, id, { id: actor.id, name: actor.display_name || actor.username }, now);
        await adapter.remove(trx, id);
        await deleteHistory(trx, kind, id);
        return { item: null, live: before.status === 'live' };
    }
    const after = await openItem(ctx, kind, id, trx);
    return { item: after, live: before.status === 'live' || after.status === 'live' };
  });
  // What readers see changed only where the item is (or was) live; scheduling and converting change nothing yet.
  if (result.live && action !== 'schedule' && action !== 'unschedule' && action !== 'convert_alias') ctx.events.changed(kind);
  return { item: result.item, created: false };
}

/** An old revision's fields, checked again (a category or slug may have gone since). */
async function revisionFields(ctx: AppContext, adapter: EditableKindAdapter, id: number, revisionId: number | undefined): Promise<AnyFields> {
  const wanted = need(revisionId, 'revision_id', 'Choose the revision to go back to.');
  const old = await findRevision(ctx.db.kysely, adapter.kind, id, wanted);
  if (!old) throw Invalid.field('revision_id', 'No such revision of this item.');
  return adapter.check(ctx, parseFields(adapter.kind, JSON.parse(old.fields)) as never, id);
}

/** A draft copy with the slug given (else one made from the title), and its first revision. */
async function copyItem(ctx: AppContext, actor: Actor, adapter: EditableKindAdapter, id: number, input: NonNullable<ActionBody>): Promise<ActionResult> {
  const original = await openItem(ctx, adapter.kind, id);
  const raw = { ...original.fields, slug: input.slug ?? '', title: input.title ?? (original.fields.title as string) };
  const fields = await adapter.check(ctx, parseFields(adapter.kind, raw) as never, null);
  const item = await ctx.db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    const copyId = await adapter.create(trx, fields, actor.id, now);
    await insertRevision(trx, {
      kind: adapter.kind,
      item_id: copyId,
      fields: JSON.stringify(fields),
      title: (fields as AnyFields).title,
      note: `Copied from ${adapter.kind} ${id}`,
      author_id: actor.id,
      author_name: actor.display_name || actor.username,
      applied: 1,
      created_at: now,
    });
    return openItem(ctx, adapter.kind, copyId, trx);
  });
  // A lesson's copy shows in its course's outline at once.
  if (adapter.kind === 'lesson') ctx.events.changed('lesson');
  return { item, created: true };
}

/** Publishes what is due; each schedule is taken by one run only. Answers how many went live. */
export async function publishDue(ctx: AppContext, log?: FastifyBaseLogger, now: Date = new Date()): Promise<number> {
  const due = await dueSchedules(ctx.db.kysely, now.toISOString(), 50);
  let published = 0;
  for (const row of due) {
    const adapter = adapterOf(ctx, row.kind as EditableKind);
    const done = await ctx.db.kysely.transaction().execute(async (trx) => {
      if (!(await takeSchedule(trx, row.kind, row.item_id, row.publish_at))) return false;
      if (!(await lockItem(trx, adapter.table, row.item_id))) return false;
      await publishNow(trx, adapter, row.item_id, nowIso());
      return true;
    });
    if (done) {
      published += 1;
      ctx.events.changed(row.kind);
      log?.info({ kind: row.kind, id: row.item_id }, 'published as scheduled');
    }
  }
  return published;
}

export function defineScheduledPublishing(ctx: AppContext): void {
  ctx.jobs.define({ name: 'content.publish-scheduled', intervalMs: SCHEDULED_PUBLISH_INTERVAL_MS, run: (log) => publishDue(ctx, log) });
}
