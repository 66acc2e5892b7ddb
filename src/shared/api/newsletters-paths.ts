// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/**
 * Paths of the newsletter calls, relative to API_PREFIX. SPEC's bulk-mail helpers under `ses` keep their names;
 * the rest (templates written, campaigns, suppressions, mail choices, unsubscribe) sit beside them.
 */
export const newslettersPaths = {
  /** POST (staff): a recipient list generated from a segment. */
  genRecipientList: '/ses/gen-recipient-list',
  /** POST (staff): a recipient list from CSV text (`email,name,language`); all rows or none. */
  uploadRecipientList: '/ses/upload-recipient-list',
  /** GET (staff) `?list_id=`: the list as CSV. */
  downloadRecipientsList: '/ses/download-recipients-list',
  /** POST (staff): one recipient added to a list (or their name and language changed). */
  addRecipientDetail: '/ses/add-recipient-detail',
  /** GET (staff): every template. */
  getEmailTemplates: '/ses/get-email-templates',
  /** GET (staff) `?id=`: one template with its rendering in each language. */
  getEmailTemplatesDetails: '/ses/get-email-templates-details',
  /** GET (staff): every template as one JSON file. */
  downloadEmailTemplates: '/ses/download-email-templates',
  /** GET (staff): the recipient lists. */
  recipientLists: '/ses/recipient-lists',
  /** POST (staff): a new template. */
  templates: '/ses/email-templates',
  /** PUT (staff): a template's name and texts. */
  template: '/ses/email-templates/:id',
  /** GET, POST (staff): campaigns, newest first; a new one is a draft. */
  campaigns: '/ses/campaigns',
  /** GET (staff): one campaign with its progress and report. */
  campaign: '/ses/campaigns/:id',
  /** POST (staff): start sending (the send job does the rest). */
  campaignSend: '/ses/campaigns/:id/send',
  /** GET, POST (staff): addresses no newsletter goes to. */
  suppressions: '/ses/suppressions',
  /** GET, PUT (the reader): their own mail choices. */
  mailChoices: '/ses/mail-choices',
  /** GET: a confirm page; POST: unsubscribe (RFC 8058 one-click). No login: the token is signed. */
  unsubscribe: '/ses/unsubscribe/:token',
} as const;

export const SEGMENTS = ['accepted', 'plan', 'expired', 'product', 'course'] as const;
export type Segment = (typeof SEGMENTS)[number];
/** The segments that name one plan, product or course (`ref_id`); `expired` may name a plan. */
export const SEGMENTS_WITH_REF: readonly Segment[] = ['plan', 'product', 'course'];

export const MAIL_LANGUAGES = ['en', 'zh-CN'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'complained'] as const;
export const CAMPAIGN_STATUSES = ['draft', 'sending', 'done', 'cancelled'] as const;

/** The merge fields a template may use, as `{{name}}`. */
export const MERGE_FIELDS = ['name', 'email', 'site_name', 'unsubscribe_url'] as const;

/** The most rows one CSV upload may hold. */
export const UPLOAD_MAX_ROWS = 20_000;
