import type { Shortcut, ShortcutType, ShortcutTypeDetails } from '../../../../shared/api/content.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { findShortcut, findShortcutType, listShortcuts, listShortcutTypes, shortcutsByType } from './repo.js';

/** Shortcuts by position; `typeId` keeps one type's (none for an unknown type). */
export function shortcuts(ctx: AppContext, typeId?: number): Promise<Shortcut[]> {
  return listShortcuts(ctx.db.kysely, typeId);
}

export async function getShortcut(ctx: AppContext, id: number): Promise<Shortcut> {
  const row = await findShortcut(ctx.db.kysely, id);
  if (!row) throw new NotFound('Shortcut');
  return row;
}

export function shortcutTypes(ctx: AppContext): Promise<ShortcutType[]> {
  return listShortcutTypes(ctx.db.kysely);
}

export async function getShortcutType(ctx: AppContext, id: number): Promise<ShortcutType> {
  const row = await findShortcutType(ctx.db.kysely, id);
  if (!row) throw new NotFound('Shortcut type');
  return row;
}

/** Every type by position with its shortcuts by position; `perType` keeps only the first ones of each. */
export async function shortcutTypeDetails(ctx: AppContext, perType?: number): Promise<ShortcutTypeDetails[]> {
  const db = ctx.db.kysely;
  const [types, rows] = await Promise.all([listShortcutTypes(db), shortcutsByType(db, perType)]);
  const byType = new Map<number, Shortcut[]>();
  for (const row of rows) {
    const list = byType.get(row.type_id) ?? [];
    list.push(row);
    byType.set(row.type_id, list);
  }
  return types.map((type) => ({ ...type, shortcuts: byType.get(type.id) ?? [] }));
}
