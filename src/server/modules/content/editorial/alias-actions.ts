import type { ActionBody, AnyFields, EditableKind } from '../../../../shared/api/content-editorial.js';
import type { Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { aliasHead, setAliasOf } from './alias-repo.js';
import { contentInPlace } from './alias-sync.js';
import { parseFields, type EditableKindAdapter, type Trx } from './kinds.js';
import { insertRevision, lockItem } from './repo.js';
import { openItem } from './service.js';
import type { ActionResult } from './action-service.js';

const authorName = (actor: Actor) => actor.display_name || actor.username;

/** The alias's place from the action's body, else the original's (its slug: made from the title). */
function placeOf(kind: EditableKind, original: Record<string, unknown>, input: NonNullable<ActionBody>): Record<string, unknown> {
  if (input.title !== undefined) throw Invalid.field('title', 'An alias shows its original’s title.');
  const own: Record<string, unknown> = { slug: input.slug ?? '', ...(kind !== 'page' && { translation_id: null }) };
  if (kind === 'article' || kind === 'course') own.category_id = input.category_id === undefined ? original.category_id : input.category_id;
  if (kind === 'lesson') {
    own.course_id = input.course_id ?? original.course_id;
    own.chapter = input.chapter ?? original.chapter;
  }
  if (kind === 'page') {
    own.sort_order = input.position ?? original.sort_order;
    own.show_in_footer = false;
  }
  return { ...original, ...own };
}

/**
 * `create_alias`: a new item, in the place the body names, that shows the original's content as readers see it
 * now (an alias of an alias shows that alias's original). It is live while the original is (a lesson: while its
 * course is), and has a first revision saying whose alias it is.
 */
export async function createAlias(ctx: AppContext, actor: Actor, adapter: EditableKindAdapter, id: number, input: NonNullable<ActionBody>): Promise<ActionResult> {
  const db = ctx.db.kysely;
  const head = await aliasHead(db, adapter.table, id);
  if (!head) throw new NotFound(adapter.what);
  const originalId = head.alias_of?.id ?? id;
  const source = await adapter.load(db, originalId);
  if (!source) throw new NotFound(adapter.what);
  const wanted = parseFields(adapter.kind, placeOf(adapter.kind, source.fields as unknown as Record<string, unknown>, input));
  const fields = await adapter.check(ctx, wanted as never, null);
  await adapter.checkAlias?.(db, source.fields as never, fields as never);

  const result = await db.transaction().execute(async (trx) => {
    if (!(await lockItem(trx, adapter.table, originalId))) throw new NotFound(adapter.what);
    const original = await adapter.load(trx, originalId);
    if (!original) throw new NotFound(adapter.what);
    const now = nowIso();
    const aliasFields = contentInPlace(adapter.kind, original.fields as AnyFields, fields as AnyFields);
    const aliasId = await adapter.create(trx, aliasFields as never, actor.id, now);
    await setAliasOf(trx, adapter.table, aliasId, originalId);
    if (original.head.live && adapter.unpublish) await adapter.publish(trx, aliasId, now);
    await insertRevision(trx, {
      kind: adapter.kind,
      item_id: aliasId,
      fields: JSON.stringify(aliasFields),
      title: aliasFields.title,
      note: `Alias of ${adapter.kind} ${originalId}`,
      author_id: actor.id,
      author_name: authorName(actor),
      applied: 1,
      created_at: now,
    });
    return openItem(ctx, adapter.kind, aliasId, trx);
  });
  if (result.status === 'live') ctx.events.changed(adapter.kind);
  return { item: result, created: true };
}

/**
 * `convert_alias`, in the action's transaction (the row locked): the alias becomes an ordinary item that keeps the
 * content it showed, with a revision saying so. Readers see nothing change.
 */
export async function convertAlias(trx: Trx, actor: Actor, adapter: EditableKindAdapter, id: number, now: string): Promise<void> {
  const head = await aliasHead(trx, adapter.table, id);
  if (!head) throw new NotFound(adapter.what);
  if (!head.alias_of) throw new Conflict('action: This is not an alias.', { action: 'This is not an alias.' });
  await setAliasOf(trx, adapter.table, id, null);
  const own = await adapter.load(trx, id);
  if (!own) throw new NotFound(adapter.what);
  await insertRevision(trx, {
    kind: adapter.kind,
    item_id: id,
    fields: JSON.stringify(own.fields),
    title: own.head.title,
    note: `Converted from an alias of ${adapter.kind} ${head.alias_of.id}`,
    author_id: actor.id,
    author_name: authorName(actor),
    applied: 1,
    created_at: now,
  });
}
