import { sql, type Kysely } from 'kysely';
import type { DeliveryStatus } from '../../db/newsletter-types.js';
import type { Database } from '../../db/types.js';

/** Campaigns and their delivery rows: the send job's claims and the report's counts. */

export function listCampaignRows(db: Kysely<Database>) {
  return db
    .selectFrom('newsletter_campaigns as c')
    .innerJoin('newsletter_lists as l', 'l.id', 'c.list_id')
    .selectAll('c')
    .select('l.name as list_name')
    .orderBy('c.id', 'desc')
    .execute();
}

export function findCampaign(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('newsletter_campaigns as c')
    .innerJoin('newsletter_lists as l', 'l.id', 'c.list_id')
    .selectAll('c')
    .select('l.name as list_name')
    .where('c.id', '=', id)
    .executeTakeFirst();
}
export type CampaignRow = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

export async function insertCampaign(
  db: Kysely<Database>,
  values: { name: string; list_id: number; template_id: number | null; article_id: number | null; texts: string; created_by: number; now: string },
): Promise<number> {
  const row = await db
    .insertInto('newsletter_campaigns')
    .values({ name: values.name, list_id: values.list_id, template_id: values.template_id, article_id: values.article_id, texts: values.texts, status: 'draft', created_by: values.created_by, created_at: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** draft -> sending, once: true for the one call that started it. */
export async function startCampaign(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('newsletter_campaigns').set({ status: 'sending', started_at: now }).where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One pending delivery per recipient of the list (the list as it is at this moment). */
export async function queueDeliveries(db: Kysely<Database>, campaignId: number, listId: number): Promise<void> {
  await db
    .insertInto('newsletter_deliveries')
    .columns(['campaign_id', 'email', 'name', 'language', 'user_id', 'status', 'attempts'])
    .expression((eb) =>
      eb
        .selectFrom('newsletter_recipients')
        .select([sql.lit(campaignId).as('campaign_id'), 'email', 'name', 'language', 'user_id', sql.lit('pending').as('status'), sql.lit(0).as('attempts')])
        .where('list_id', '=', listId),
    )
    .onConflict((oc) => oc.columns(['campaign_id', 'email']).doNothing())
    .execute();
}

export async function countsByStatus(db: Kysely<Database>, campaignIds: number[]) {
  if (campaignIds.length === 0) return [];
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['campaign_id', 'status'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('unsubscribed_at').as('left_after')])
    .where('campaign_id', 'in', campaignIds)
    .groupBy(['campaign_id', 'status'])
    .execute();
  return rows.map((row) => ({ campaign_id: row.campaign_id, status: row.status, n: Number(row.n), left_after: Number(row.left_after) }));
}

export function sendingCampaigns(db: Kysely<Database>) {
  return db.selectFrom('newsletter_campaigns').selectAll().where('status', '=', 'sending').orderBy('id').execute();
}
export type SendingCampaign = Awaited<ReturnType<typeof sendingCampaigns>>[number];

/**
 * Rows claimed before `before` and still `sending`: their process stopped mid-send (a crash, a kill). Whether the
 * SMTP server took the message is unknown, so they become `uncertain` and are never sent again.
 */
export async function settleAbandonedClaims(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db
    .updateTable('newsletter_deliveries')
    .set({ status: 'uncertain', error: 'The sending process stopped before the server answered.' })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function nextPending(db: Kysely<Database>, campaignId: number) {
  return db.selectFrom('newsletter_deliveries').selectAll().where('campaign_id', '=', campaignId).where('status', '=', 'pending').orderBy('id').limit(1).executeTakeFirst();
}
export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof nextPending>>>;

/** pending -> sending for this process; false when another process claimed it first. */
export async function claimDelivery(db: Kysely<Database>, id: number, holder: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_deliveries')
    .set((eb) => ({ status: 'sending', claimed_by: holder, claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends this process's claim: only from `sending`, so a claim already settled as uncertain stays so. */
export async function finishDelivery(db: Kysely<Database>, id: number, status: DeliveryStatus, fields: { sent_at?: string; error?: string | null } = {}): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({ status, sent_at: fields.sent_at ?? null, error: fields.error ?? null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

export async function hasOpenDeliveries(db: Kysely<Database>, campaignId: number): Promise<boolean> {
  const row = await db.selectFrom('newsletter_deliveries').select('id').where('campaign_id', '=', campaignId).where('status', 'in', ['pending', 'sending']).limit(1).executeTakeFirst();
  return row !== undefined;
}

export function finishCampaign(db: Kysely<Database>, id: number, now: string) {
  return db.updateTable('newsletter_campaigns').set({ status: 'done', finished_at: now }).where('id', '=', id).where('status', '=', 'sending').execute();
}

export function findDelivery(db: Kysely<Database>, id: number) {
  return db.selectFrom('newsletter_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The link works once: true for the one call that used it. */
export async function markUnsubscribed(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('newsletter_deliveries').set({ unsubscribed_at: now }).where('id', '=', id).where('unsubscribed_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** sending -> pending: the server did not take the message (a 4xx, no connection), so it may go again. */
export async function releaseDelivery(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db.updateTable('newsletter_deliveries').set({ status: 'pending', error }).where('id', '=', id).where('status', '=', 'sending').execute();
}
