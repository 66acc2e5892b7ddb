import { z } from 'zod';
import { MAX_ID } from './common.js';
import { emailField } from './messaging.js';
import { CAMPAIGN_STATUSES, MAIL_LANGUAGES, SEGMENTS, SUPPRESSION_REASONS } from './newsletters-paths.js';

export * from './newsletters-paths.js';

const id = z.coerce.number('Give a whole number.').int('Give a whole number.').positive('Give a positive id.').max(MAX_ID, 'No such id.');
const listName = z.string().trim().min(1, 'Give the list a name.').max(100, 'Use at most 100 characters.');
export const mailLanguage = z.enum(MAIL_LANGUAGES, 'Use en or zh-CN.');

export const genRecipientListBody = z.object({
  name: listName,
  segment: z.enum(SEGMENTS, `Use one of ${SEGMENTS.join(', ')}.`),
  /** The plan (plan, expired), product or course of the segment. */
  ref_id: id.optional(),
});
export type GenRecipientListBody = z.infer<typeof genRecipientListBody>;

export const uploadRecipientListBody = z.object({
  name: listName,
  /** CSV with a header row naming `email` and optionally `name` and `language`. */
  csv: z.string().min(1, 'Give the CSV text.').max(2_000_000, 'Use at most 2,000,000 characters.'),
});
export type UploadRecipientListBody = z.infer<typeof uploadRecipientListBody>;

export const addRecipientBody = z.object({
  list_id: id,
  email: emailField,
  name: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
  language: mailLanguage.default('en'),
});
export type AddRecipientBody = z.infer<typeof addRecipientBody>;

export const listIdQuery = z.object({ list_id: id });
export const templateIdQuery = z.object({ id });

export const recipientList = z.object({
  id: z.number().int(),
  name: z.string(),
  segment: z.string(),
  segment_ref: z.number().int().nullable(),
  recipient_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecipientList = z.infer<typeof recipientList>;
export const recipientLists = z.array(recipientList);

export const recipient = z.object({ id: z.number().int(), email: z.string(), name: z.string(), language: z.string(), user_id: z.number().int().nullable() });
export type Recipient = z.infer<typeof recipient>;

const languageText = z.object({
  subject: z.string().trim().min(1, 'Give a subject.').max(200, 'Use at most 200 characters.'),
  body: z.string().trim().min(1, 'Give a body.').max(100_000, 'Use at most 100,000 characters.'),
});
/** English is required (the fallback); Chinese is optional. */
export const templateTexts = z.object({ en: languageText, 'zh-CN': languageText.optional() });
export type TemplateTexts = z.infer<typeof templateTexts>;

export const templateWrite = z.object({ name: z.string().trim().min(1, 'Give the template a name.').max(100, 'Use at most 100 characters.'), texts: templateTexts });
export type TemplateWrite = z.infer<typeof templateWrite>;

export const template = z.object({ id: z.number().int(), name: z.string(), texts: templateTexts, created_at: z.string(), updated_at: z.string() });
export type Template = z.infer<typeof template>;
export const templates = z.array(template);

const rendered = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export const templateDetails = template.extend({
  /** The template rendered for a sample recipient, in each language (a missing Chinese text falls back to English). */
  previews: z.object({ en: rendered, 'zh-CN': rendered }),
  merge_fields: z.array(z.string()),
});
export type TemplateDetails = z.infer<typeof templateDetails>;

export const campaignCreate = z.object({
  name: z.string().trim().min(1, 'Give the campaign a name.').max(100, 'Use at most 100 characters.'),
  list_id: id,
  template_id: id.optional(),
  /** "Send this article": the article is the message (premium text only to those who may read it). */
  article_id: id.optional(),
});
export type CampaignCreate = z.infer<typeof campaignCreate>;

export const campaignReport = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  bounced: z.number().int(),
  /** Skipped because the address was suppressed, plus those who used this campaign's unsubscribe link. */
  unsubscribed: z.number().int(),
  /** Claimed by a process that stopped mid-send: maybe delivered, never sent again. */
  uncertain: z.number().int(),
});
export type CampaignReport = z.infer<typeof campaignReport>;

export const campaign = z.object({
  id: z.number().int(),
  name: z.string(),
  list_id: z.number().int(),
  list_name: z.string(),
  template_id: z.number().int().nullable(),
  article_id: z.number().int().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  report: campaignReport,
  /** Share of the recipients dealt with, 0 to 1. */
  progress: z.number(),
});
export type Campaign = z.infer<typeof campaign>;
export const campaigns = z.array(campaign);

export const suppressionCreate = z.object({ email: emailField, reason: z.enum(SUPPRESSION_REASONS, 'Use unsubscribed, bounced or complained.') });
export const suppression = z.object({ email: z.string(), reason: z.enum(SUPPRESSION_REASONS), created_at: z.string() });
export type Suppression = z.infer<typeof suppression>;
export const suppressions = z.array(suppression);

export const mailChoices = z.object({
  /** Newsletters wanted. */
  accepted: z.boolean(),
  language: mailLanguage,
  /** The address is on the suppression list for a bounce or complaint: nothing is sent until staff lift it. */
  blocked: z.boolean(),
});
export type MailChoices = z.infer<typeof mailChoices>;
export const mailChoicesWrite = z.object({ accepted: z.boolean('Say yes or no.'), language: mailLanguage });
export type MailChoicesWrite = z.infer<typeof mailChoicesWrite>;

export const unsubscribeParams = z.object({ token: z.string().min(10).max(400) });
