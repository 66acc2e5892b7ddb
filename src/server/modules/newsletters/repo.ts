import type { Insertable, Kysely } from 'kysely';
import type { NewsletterRecipientsTable, SegmentKind, SuppressionReason } from '../../db/newsletter-types.js';
import type { Database } from '../../db/types.js';

/** Lists, recipients, templates, the suppression list and mail choices: the module's SQL (campaigns: delivery-repo.ts). */

export function listLists(db: Kysely<Database>) {
  return db
    .selectFrom('newsletter_lists as l')
    .leftJoin('newsletter_recipients as r', 'r.list_id', 'l.id')
    .select(['l.id', 'l.name', 'l.segment', 'l.segment_ref', 'l.created_at', 'l.updated_at'])
    .select((eb) => eb.fn.count<number>('r.id').as('recipient_count'))
    .groupBy(['l.id', 'l.name', 'l.segment', 'l.segment_ref', 'l.created_at', 'l.updated_at'])
    .orderBy('l.id', 'desc')
    .execute();
}
export type ListRow = Awaited<ReturnType<typeof listLists>>[number];

export async function findList(db: Kysely<Database>, id: number): Promise<ListRow | undefined> {
  return (await listLists(db)).find((row) => row.id === id);
}

export function listExists(db: Kysely<Database>, id: number) {
  return db.selectFrom('newsletter_lists').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function insertList(db: Kysely<Database>, name: string, segment: SegmentKind, segmentRef: number | null, now: string): Promise<number> {
  const row = await db
    .insertInto('newsletter_lists')
    .values({ name, segment, segment_ref: segmentRef, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function touchList(db: Kysely<Database>, id: number, now: string) {
  return db.updateTable('newsletter_lists').set({ updated_at: now }).where('id', '=', id).execute();
}

/** Inserts in chunks (SQLite binds at most 32,766 values a statement); an address already listed is kept. */
export async function insertRecipients(db: Kysely<Database>, rows: Insertable<NewsletterRecipientsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('newsletter_recipients')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['list_id', 'email']).doNothing())
      .execute();
  }
}

export function upsertRecipient(db: Kysely<Database>, row: Insertable<NewsletterRecipientsTable>) {
  return db
    .insertInto('newsletter_recipients')
    .values(row)
    .onConflict((oc) => oc.columns(['list_id', 'email']).doUpdateSet({ name: row.name, language: row.language }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function recipientsOf(db: Kysely<Database>, listId: number) {
  return db.selectFrom('newsletter_recipients').select(['id', 'email', 'name', 'language', 'user_id']).where('list_id', '=', listId).orderBy('id').execute();
}

// Templates

export function listTemplates(db: Kysely<Database>) {
  return db.selectFrom('newsletter_templates').selectAll().orderBy('id', 'desc').execute();
}

export function findTemplate(db: Kysely<Database>, id: number) {
  return db.selectFrom('newsletter_templates').selectAll().where('id', '=', id).executeTakeFirst();
}
export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

export async function insertTemplate(db: Kysely<Database>, name: string, texts: string, now: string): Promise<number> {
  const row = await db.insertInto('newsletter_templates').values({ name, texts, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTemplate(db: Kysely<Database>, id: number, name: string, texts: string, now: string): Promise<boolean> {
  const result = await db.updateTable('newsletter_templates').set({ name, texts, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Suppression list

export function listSuppressions(db: Kysely<Database>) {
  return db.selectFrom('newsletter_suppressions').selectAll().orderBy('created_at', 'desc').orderBy('email').execute();
}

export function findSuppression(db: Kysely<Database>, email: string) {
  return db.selectFrom('newsletter_suppressions').selectAll().where('email', '=', email).executeTakeFirst();
}

/** A stronger reason (bounced, complained) replaces `unsubscribed`; an existing bounce or complaint stays. */
export async function suppress(db: Kysely<Database>, email: string, reason: SuppressionReason, now: string): Promise<void> {
  await db
    .insertInto('newsletter_suppressions')
    .values({ email, reason, created_at: now })
    .onConflict((oc) => (reason === 'unsubscribed' ? oc.column('email').doNothing() : oc.column('email').doUpdateSet({ reason, created_at: now })))
    .execute();
}

/** Lifts only an unsubscription (the reader asked again); bounces and complaints stay until staff act. */
export function liftUnsubscription(db: Kysely<Database>, email: string) {
  return db.deleteFrom('newsletter_suppressions').where('email', '=', email).where('reason', '=', 'unsubscribed').execute();
}

// Mail choices

export function findPreferences(db: Kysely<Database>, userId: number) {
  return db.selectFrom('newsletter_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function savePreferences(db: Kysely<Database>, userId: number, accepted: 0 | 1, language: string, now: string) {
  return db
    .insertInto('newsletter_preferences')
    .values({ user_id: userId, accepted, language, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ accepted, language, updated_at: now }))
    .execute();
}
