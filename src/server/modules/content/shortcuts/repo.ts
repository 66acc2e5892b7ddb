import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';

/** `translations`: the title and description (a type's name and description) in other languages, as JSON. */
const shortcutColumns = ['id', 'type_id', 'title', 'description', 'url', 'icon', 'position', 'translations'] as const;
const typeColumns = ['id', 'name', 'slug', 'description', 'position', 'translations'] as const;

export function listShortcuts(db: Kysely<Database>, typeId: number | undefined) {
  let query = db.selectFrom('shortcuts').select(shortcutColumns);
  if (typeId !== undefined) query = query.where('type_id', '=', typeId);
  return query.orderBy('position').orderBy('id').execute();
}

export function findShortcut(db: Kysely<Database>, id: number) {
  return db.selectFrom('shortcuts').select(shortcutColumns).where('id', '=', id).executeTakeFirst();
}

export function listShortcutTypes(db: Kysely<Database>) {
  return db.selectFrom('shortcut_types').select(typeColumns).orderBy('position').orderBy('id').execute();
}

export function findShortcutType(db: Kysely<Database>, id: number) {
  return db.selectFrom('shortcut_types').select(typeColumns).where('id', '=', id).executeTakeFirst();
}

/** Every shortcut in its type's order, or only the first `perType` of each type (a window function, on both engines). */
export function shortcutsByType(db: Kysely<Database>, perType?: number) {
  if (perType === undefined) return db.selectFrom('shortcuts').select(shortcutColumns).orderBy('type_id').orderBy('position').orderBy('id').execute();
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('shortcuts')
        .select((e) => [
          ...shortcutColumns,
          e.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('type_id').orderBy('position').orderBy('id'))
            .as('rank'),
        ])
        .as('ranked'),
    )
    .select(shortcutColumns)
    .where('rank', '<=', perType)
    .orderBy('type_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}
