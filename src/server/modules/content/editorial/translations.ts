import { Conflict, Invalid } from '../../../platform/errors.js';
import { planExists } from '../plan-access-repo.js';
import type { Db, Trx } from './kinds.js';
import { liveTranslation, pointingAt, setTranslation, translationHead, type TranslatableTable } from './translation-repo.js';

/**
 * Two things editors set on articles, courses and lessons, checked and written the same way for each kind.
 *
 * Access "members of a plan": `access` `plan` needs a plan that exists; any other access keeps no plan.
 */
export async function checkAccessPlan<F extends { access: string; access_plan_id: number | null }>(db: Db, fields: F): Promise<F> {
  if (fields.access !== 'plan') return { ...fields, access_plan_id: null };
  if (fields.access_plan_id === null) throw Invalid.field('access_plan_id', 'Choose the plan whose members may read it.');
  if (!(await planExists(db, fields.access_plan_id))) throw Invalid.field('access_plan_id', 'No such plan.');
  return fields;
}

/**
 * Its translation: another piece of the same kind, in the other language, not already the translation of a
 * third piece (unlink it there first). `language` is the piece's own (a lesson's: its course's).
 */
export async function checkTranslation(db: Db, table: TranslatableTable, id: number | null, language: string, translationId: number | null): Promise<void> {
  if (translationId === null) return;
  if (translationId === id) throw Invalid.field('translation_id', 'A piece cannot be its own translation.');
  const other = await translationHead(db, table, translationId);
  if (!other) throw Invalid.field('translation_id', 'No such piece.');
  if (other.language === language) throw Invalid.field('translation_id', 'Choose a piece in the other language.');
  if (other.translation_id !== null && other.translation_id !== id) {
    throw new Conflict('translation_id: That piece is the translation of another; unlink it there first.', {
      translation_id: 'That piece is the translation of another; unlink it there first.',
    });
  }
}

/**
 * Makes the link both ways, after the piece's own row was written with `translationId`: its new partner points
 * back at it, and a former partner (or anything else still pointing at it) is unlinked. In the write's transaction.
 */
export async function linkTranslation(trx: Trx, table: TranslatableTable, id: number, translationId: number | null, now: string): Promise<void> {
  for (const former of await pointingAt(trx, table, id)) {
    if (former !== translationId) await setTranslation(trx, table, former, null, now);
  }
  if (translationId === null) return;
  const partner = await translationHead(trx, table, translationId);
  if (!partner) throw Invalid.field('translation_id', 'No such piece.');
  if (partner.translation_id === id) return;
  // Linked to a third piece since the check: the whole write is refused.
  if (partner.translation_id !== null) throw new Conflict('translation_id: That piece is the translation of another; unlink it there first.', { translation_id: 'That piece is the translation of another; unlink it there first.' });
  await setTranslation(trx, table, translationId, id, now);
}

/** The piece's translation as readers may follow it now (published), or undefined. */
export function publishedTranslation(db: Db, table: TranslatableTable, id: number, now: string) {
  return liveTranslation(db, table, id, now);
}
