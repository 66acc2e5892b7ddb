import { ALIAS_PLACE_FIELDS, type AnyFields, type EditableKind } from '../../../../shared/api/content-editorial.js';
import { Conflict } from '../../../platform/errors.js';
import { aliasesOf, aliasHead, setAliasOf, type AliasRef } from './alias-repo.js';
import type { EditableKindAdapter, Trx } from './kinds.js';
import { insertRevision } from './repo.js';

/** An alias's own fields; the rest is its original's content. */
const PLACE_FIELDS = ALIAS_PLACE_FIELDS;

/** The original's content in the alias's place. */
export function contentInPlace<F extends AnyFields>(kind: EditableKind, original: F, own: F): F {
  const out: Record<string, unknown> = { ...original };
  for (const field of PLACE_FIELDS[kind]) out[field] = (own as Record<string, unknown>)[field];
  return out as F;
}

/** An alias is published and unpublished with its original, never on its own (409 naming `action`). */
export async function refuseOwnPublication(trx: Trx, adapter: EditableKindAdapter, id: number, action: 'publish' | 'unpublish'): Promise<void> {
  const original = (await aliasHead(trx, adapter.table, id))?.alias_of;
  if (!original) return;
  const message = `This is an alias of “${original.title}”: ${action} the original, or convert this alias first.`;
  throw new Conflict(`action: ${message}`, { action: message });
}

/** A save of an alias that changes its content is refused (409 naming the first such field). */
export function refuseContentEdit(kind: EditableKind, original: AliasRef, current: Record<string, unknown>, wanted: Record<string, unknown>): void {
  const place = PLACE_FIELDS[kind];
  const changed = Object.keys(wanted).find((field) => !place.includes(field) && JSON.stringify(wanted[field]) !== JSON.stringify(current[field]));
  if (changed === undefined) return;
  const message = `This is an alias of “${original.title}”: edit the original, or convert this alias to an ordinary ${kind} first.`;
  throw new Conflict(`${changed}: ${message}`, { [changed]: message });
}

/**
 * Rewrites every alias of `id` from the original's row, in the caller's transaction: its content, and whether it
 * is live (an article, course or page is published and unpublished with its original). An alias never shows
 * readers what the original's readers cannot read: a lesson alias in a live course keeps the content it showed
 * while its original's course is a draft. Answers whether there were aliases.
 */
export async function followOriginal(trx: Trx, adapter: EditableKindAdapter, id: number, now: string): Promise<boolean> {
  const aliases = await aliasesOf(trx, adapter.table, id);
  if (aliases.length === 0) return false;
  const original = await adapter.load(trx, id);
  if (!original) return false;
  for (const alias of aliases) {
    const own = await adapter.load(trx, alias.id);
    if (!own) continue;
    if (!original.head.live && own.head.live && !adapter.unpublish) continue;
    await adapter.apply(trx, alias.id, contentInPlace(adapter.kind, original.fields, own.fields) as never, now);
    if (original.head.live && !own.head.live && adapter.unpublish) await adapter.publish(trx, alias.id, now);
    if (!original.head.live && own.head.live && adapter.unpublish) await adapter.unpublish(trx, alias.id, now);
  }
  return true;
}

/**
 * Before an original is deleted: its aliases become ordinary items that keep the content they showed (as Wagtail
 * does), each with a revision saying so.
 */
export async function releaseAliases(trx: Trx, adapter: EditableKindAdapter, id: number, author: { id: number; name: string }, now: string): Promise<void> {
  for (const alias of await aliasesOf(trx, adapter.table, id)) {
    await setAliasOf(trx, adapter.table, alias.id, null);
    const own = await adapter.load(trx, alias.id);
    if (!own) continue;
    await insertRevision(trx, {
      kind: adapter.kind,
      item_id: alias.id,
      fields: JSON.stringify(own.fields),
      title: own.head.title,
      note: `Converted: its original (${adapter.kind} ${id}) was deleted`,
      author_id: author.id,
      author_name: author.name,
      applied: 1,
      created_at: now,
    });
  }
}
