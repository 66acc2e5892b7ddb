import type { EditableKind } from '../../../../shared/api/content-editorial.js';
import type { AppContext } from '../../../platform/context.js';
import { Conflict } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { aliasHead } from './alias-repo.js';
import { followOriginal, refuseContentEdit } from './alias-sync.js';
import { adapterOf, type Db, type Trx } from './kinds.js';

/** The older calls' field that publishes an article (`status`) or a course (`is_published`); lessons have none. */
export interface PublicationChange {
  field: 'status' | 'is_published';
  /** Whether the write leaves the item live (undefined: the field was not sent). */
  live: boolean | undefined;
}

/** Ids in a stable order, so that sending an alias's own tags in another order is no change. */
const comparable = (value: unknown) => (Array.isArray(value) ? [...new Set(value as number[])].sort((a, b) => a - b) : value);

/**
 * The older writes (PUT and PATCH of articles, courses and lessons) keep aliases as the editor does (decision
 * 0119). On an alias they may change its place and its own fields, never the content it shows or its publication
 * (409 naming the first such field). On an original, the answer is the step that rewrites its aliases from it:
 * the caller runs it in the transaction that writes the original, so readers never see the two differ.
 */
export async function aliasRulesOfWrite(ctx: AppContext, kind: Exclude<EditableKind, 'page'>, id: number, input: object, publication?: PublicationChange): Promise<(trx: Db) => Promise<void>> {
  const adapter = adapterOf(ctx, kind);
  const original = (await aliasHead(ctx.db.kysely, adapter.table, id))?.alias_of;
  if (original) {
    const own = await adapter.load(ctx.db.kysely, id);
    if (own) {
      const current = own.fields as Record<string, unknown>;
      const wanted = Object.fromEntries(Object.entries(input).filter(([field]) => field in current));
      refuseContentEdit(
        kind,
        original,
        Object.fromEntries(Object.entries(current).map(([field, value]) => [field, comparable(value)])),
        Object.fromEntries(Object.entries(wanted).map(([field, value]) => [field, comparable(value)])),
      );
      if (publication && publication.live !== undefined && publication.live !== own.head.live) {
        const message = `This is an alias of “${original.title}”: it is published and unpublished with its original; convert it first.`;
        throw new Conflict(`${publication.field}: ${message}`, { [publication.field]: message });
      }
    }
  }
  // Run by the module's repo inside the transaction it opened for the write.
  return async (trx) => {
    await followOriginal(trx as Trx, adapter, id, nowIso());
  };
}
