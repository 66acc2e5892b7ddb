import type { SlotText } from '../../../../shared/api/content-site.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { localised } from '../../../platform/translations.js';
import { findSlotText, listSlotTexts } from './repo.js';

const toSlotText = (row: SlotText & { translations: string }, lang: Language): SlotText => ({
  id: row.id,
  key: row.key,
  ...localised({ title: row.title, text: row.text }, row.translations, lang),
});

/** Every slot text by key, or only the one with `key` (keys are unique), in `lang` where it has a version. */
export async function slotTexts(ctx: AppContext, lang: Language, key?: string): Promise<SlotText[]> {
  return (await listSlotTexts(ctx.db.kysely, key)).map((row) => toSlotText(row, lang));
}

export async function getSlotText(ctx: AppContext, id: number, lang: Language): Promise<SlotText> {
  const row = await findSlotText(ctx.db.kysely, id);
  if (!row) throw new NotFound('Slot text');
  return toSlotText(row, lang);
}
