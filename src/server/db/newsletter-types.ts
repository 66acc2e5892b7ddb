import type { Generated } from 'kysely';
import type { Flag } from './types.js';

/**
 * Newsletters (migrations 0031 and 0032): recipient lists, markdown templates, campaigns, one delivery row per
 * recipient of a campaign (the send job's claim and the report), the suppression list and readers' mail choices.
 */
export type SegmentKind = 'upload' | 'accepted' | 'plan' | 'expired' | 'product' | 'course';

export interface NewsletterListsTable {
  id: Generated<number>;
  name: string;
  /** How it was made: `upload` (CSV or by hand) or the segment it was generated from. */
  segment: SegmentKind;
  /** The plan, product or course of the segment; null for the others. */
  segment_ref: number | null;
  created_at: string;
  updated_at: string;
}

export interface NewsletterRecipientsTable {
  id: Generated<number>;
  list_id: number;
  /** Lower-cased; unique within a list. */
  email: string;
  name: string;
  /** `en` or `zh-CN`: the language the recipient reads mail in. */
  language: string;
  user_id: number | null;
  created_at: string;
}

export interface NewsletterTemplatesTable {
  id: Generated<number>;
  name: string;
  /** JSON `{ "en": { subject, body }, "zh-CN": { subject, body } }`, markdown bodies; English is required. */
  texts: string;
  created_at: string;
  updated_at: string;
}

export type SuppressionReason = 'unsubscribed' | 'bounced' | 'complained';

/** Addresses no newsletter goes to, whoever asks. */
export interface NewsletterSuppressionsTable {
  email: string;
  reason: SuppressionReason;
  created_at: string;
}

/** A reader's mail choices; no row means not asked yet (not accepted). */
export interface NewsletterPreferencesTable {
  user_id: number;
  accepted: Flag;
  language: string;
  updated_at: string;
}

export type CampaignStatus = 'draft' | 'sending' | 'done' | 'cancelled';

export interface NewsletterCampaignsTable {
  id: Generated<number>;
  name: string;
  list_id: number;
  template_id: number | null;
  /** "Send this article": the article whose text (or summary, for who may not read it) is the message. */
  article_id: number | null;
  /** The template's texts when the campaign was made (JSON as in templates): later edits never reach it. */
  texts: string;
  status: CampaignStatus;
  created_by: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/**
 * `pending` -> `sending` (claimed by one process) -> `sent` | `failed` | `bounced`; `unsubscribed` when the address
 * was suppressed by sending time; `uncertain` when a claim outlived its process (a crash): never sent again.
 */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'bounced' | 'unsubscribed' | 'uncertain';

export interface NewsletterDeliveriesTable {
  id: Generated<number>;
  campaign_id: number;
  email: string;
  name: string;
  language: string;
  user_id: number | null;
  status: DeliveryStatus;
  attempts: number;
  claimed_by: string | null;
  claimed_at: string | null;
  sent_at: string | null;
  error: string | null;
  /** When the recipient used this message's unsubscribe link (the link works once). */
  unsubscribed_at: string | null;
}

/** Merged into Database in types.ts. */
export interface NewsletterTables {
  newsletter_lists: NewsletterListsTable;
  newsletter_recipients: NewsletterRecipientsTable;
  newsletter_templates: NewsletterTemplatesTable;
  newsletter_suppressions: NewsletterSuppressionsTable;
  newsletter_preferences: NewsletterPreferencesTable;
  newsletter_campaigns: NewsletterCampaignsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
}
