import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.js';

const columns = ['id', 'key', 'title', 'text', 'translations'] as const;

export function listSlotTexts(db: Kysely<Database>, key: string | undefined) {
  let query = db.selectFrom('slot_texts').select(columns);
  if (key !== undefined) query = query.where('key', '=', key);
  return query.orderBy('key').orderBy('id').execute();
}

export function findSlotText(db: Kysely<Database>, id: number) {
  return db.selectFrom('slot_texts').select(columns).where('id', '=', id).executeTakeFirst();
}
