import type { SlotText } from '../../../../shared/api/content.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { findSlotText, listSlotTexts } from './repo.js';

/** Every slot text by key, or only the one with `key` (keys are unique). */
export function slotTexts(ctx: AppContext, key?: string): Promise<SlotText[]> {
  return listSlotTexts(ctx.db.kysely, key);
}

export async function getSlotText(ctx: AppContext, id: number): Promise<SlotText> {
  const row = await findSlotText(ctx.db.kysely, id);
  if (!row) throw new NotFound('Slot text');
  return row;
}
