import type { Shortcut, ShortcutType, ShortcutTypeDetails } from '../../../../shared/api/content-site.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { localised } from '../../../platform/translations.js';
import { findShortcut, findShortcutType, listShortcuts, listShortcutTypes, shortcutsByType } from './repo.js';

type ShortcutRow = Shortcut & { translations: string };
type ShortcutTypeRow = ShortcutType & { translations: string };

/** A shortcut with its title and description in `lang` (each falls back to the default text). */
const toShortcut = ({ translations, ...row }: ShortcutRow, lang: Language): Shortcut => ({
  ...row,
  ...localised({ title: row.title, description: row.description }, translations, lang),
});

const toType = ({ translations, ...row }: ShortcutTypeRow, lang: Language): ShortcutType => ({
  ...row,
  ...localised({ name: row.name, description: row.description }, translations, lang),
});

/** Shortcuts by position; `typeId` keeps one type's (none for an unknown type). */
export async function shortcuts(ctx: AppContext, typeId: number | undefined, lang: Language): Promise<Shortcut[]> {
  return (await listShortcuts(ctx.db.kysely, typeId)).map((row) => toShortcut(row, lang));
}

export async function getShortcut(ctx: AppContext, id: number, lang: Language): Promise<Shortcut> {
  const row = await findShortcut(ctx.db.kysely, id);
  if (!row) throw new NotFound('Shortcut');
  return toShortcut(row, lang);
}

export async function shortcutTypes(ctx: AppContext, lang: Language): Promise<ShortcutType[]> {
  return (await listShortcutTypes(ctx.db.kysely)).map((row) => toType(row, lang));
}

export async function getShortcutType(ctx: AppContext, id: number, lang: Language): Promise<ShortcutType> {
  const row = await findShortcutType(ctx.db.kysely, id);
  if (!row) throw new NotFound('Shortcut type');
  return toType(row, lang);
}

/** Every type by position with its shortcuts by position; `perType` keeps only the first ones of each. */
export async function shortcutTypeDetails(ctx: AppContext, lang: Language, perType?: number): Promise<ShortcutTypeDetails[]> {
  const db = ctx.db.kysely;
  const [types, rows] = await Promise.all([listShortcutTypes(db), shortcutsByType(db, perType)]);
  const byType = new Map<number, Shortcut[]>();
  for (const row of rows) {
    const list = byType.get(row.type_id) ?? [];
    list.push(toShortcut(row, lang));
    byType.set(row.type_id, list);
  }
  return types.map((type) => ({ ...toType(type, lang), shortcuts: byType.get(type.id) ?? [] }));
}
