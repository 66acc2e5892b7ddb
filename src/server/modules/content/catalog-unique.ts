import type { Language } from '../../../shared/i18n/index.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict } from '../../platform/errors.js';
import { slugTaken, takenName, type CatalogTable } from './catalog-repo.js';

/** What a catalogue write may change that must stay unique: its name, its names in other languages, its slug. */
export interface CatalogUniqueFields {
  name?: string;
  slug?: string;
  translations?: Partial<Record<Language, { name?: string } | undefined>>;
}

/**
 * Refuses a write (409 naming the field) whose name, in any language, is another item's name in any language
 * (case aside), or whose slug is another item's. `noun` names the item in the message ("A tag with that name exists.").
 */
export async function checkCatalogUnique(ctx: AppContext, table: CatalogTable, noun: string, input: CatalogUniqueFields, selfId?: number): Promise<void> {
  const candidates: Array<{ field: string; name: string }> = [];
  if (input.name !== undefined) candidates.push({ field: 'name', name: input.name });
  for (const [lang, texts] of Object.entries(input.translations ?? {})) {
    const name = texts?.name?.trim();
    if (name) candidates.push({ field: `translations.${lang}.name`, name });
  }
  const taken = await takenName(ctx.db.kysely, table, [...new Set(candidates.map((c) => c.name))], ctx.db.engine, selfId);
  if (taken !== undefined) {
    const field = candidates.find((c) => c.name === taken)!.field;
    const message = `A ${noun} with that name exists.`;
    throw new Conflict(message, { [field]: message });
  }
  if (input.slug !== undefined && (await slugTaken(ctx.db.kysely, table, input.slug, selfId))) {
    throw new Conflict('That slug is taken.', { slug: 'That slug is taken.' });
  }
}
