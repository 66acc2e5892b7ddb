import { z } from 'zod';
import { MAX_ID, pageQuery, paginated } from './common.js';
import { GIFT_CODES_PER_CALL } from './membership-paths.js';
import { altchaField, emailField } from './messaging.js';
import { languageField, translationsOf } from './translations.js';

export * from './membership-paths.js';

const id = z.coerce.number().int().positive().max(MAX_ID);
const flag = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')]);

export const periodUnit = z.enum(['day', 'month']);
export type PeriodUnit = z.infer<typeof periodUnit>;
/** Up to ten years, in days or months. */
export const periodCount = z.number().int().min(1, 'Use at least 1.').max(3660, 'Use at most 3660.');

export const slugField = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(50, 'Use at most 50 characters.')
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'Use lower-case letters, digits, "-" or "_".');

export const product = z.object({
  id: z.number().int(),
  membership_id: z.number().int(),
  membership_slug: z.string(),
  name: z.string(),
  /** In the currency's minor unit. */
  price: z.number().int(),
  currency: z.string(),
  period_unit: periodUnit,
  period_count: z.number().int(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
});
export type MembershipProduct = z.infer<typeof product>;

export const plan = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  perks: z.array(z.string()),
  sort_order: z.number().int(),
  /** True for the plan whose active subscription makes a member. */
  is_premium: z.boolean(),
});
export type MembershipPlan = z.infer<typeof plan>;
export const planList = z.array(plan);
export const planWithProducts = plan.extend({ products: z.array(product) });
export const priceCard = z.array(planWithProducts);

/** GET membership/meter: premium articles a non-member may open free per calendar month (UTC), as configured. */
export const meterTerms = z.object({
  free_reads_guest: z.number().int(),
  free_reads_user: z.number().int(),
});
export type MeterTerms = z.infer<typeof meterTerms>;

const planName = z.string().trim().min(1, 'This field may not be blank.').max(100, 'Use at most 100 characters.');
const planDescription = z.string().max(5000, 'Use at most 5000 characters.');
const perks = z.array(z.string().trim().min(1).max(200)).max(30, 'Use at most 30 perks.');
const sortOrder = z.number().int().min(-10000).max(10000);
const translatedName = z.string().trim().max(100, 'Use at most 100 characters.');
/**
 * A plan's name, description and perks in other languages (`{"zh-CN": {"name": "..."}}`); the plan's own
 * fields are the default language's. A field left out or empty (an empty perks list too) falls back to them.
 */
export const planTranslations = translationsOf({ name: translatedName, description: planDescription, perks });
/** A product's name in other languages. */
export const productTranslations = translationsOf({ name: translatedName });

/** Fields without defaults: PATCH takes any subset of them (zod 4 would apply defaults inside partial()). */
const planFields = z.object({ slug: slugField, name: planName, description: planDescription, perks, sort_order: sortOrder, translations: planTranslations });
export const planWrite = planFields.extend({
  description: planDescription.default(''),
  perks: perks.default([]),
  sort_order: sortOrder.default(0),
  translations: planTranslations.default({}),
});
export const planPatch = planFields.partial();
export type PlanWrite = z.infer<typeof planWrite>;
export type PlanChanges = z.infer<typeof planPatch>;

const productFields = z.object({
  membership_id: id,
  name: planName,
  price: z.number().int('Use an integer amount in the minor unit.').min(0).max(100_000_000),
  period_unit: periodUnit,
  period_count: periodCount,
  is_active: z.boolean(),
  sort_order: sortOrder,
  translations: productTranslations,
});
export const productWrite = productFields.extend({
  is_active: productFields.shape.is_active.default(true),
  sort_order: sortOrder.default(0),
  translations: productTranslations.default({}),
});
export const productPatch = productFields.partial();
export type ProductWrite = z.infer<typeof productWrite>;
export type ProductChanges = z.infer<typeof productPatch>;
/** Plans and products answer their names, descriptions and perks in `lang`, else the cookie's or Accept-Language's. */
export const membershipLanguageQuery = z.object({ lang: languageField.optional() });
export const productListQuery = membershipLanguageQuery.extend({
  /** A plan's id or slug. */
  membership: z.string().trim().max(50).optional(),
  include_inactive: flag.optional(),
});
export const productList = z.array(product);

export const grantSource = z.enum(['staff', 'order', 'gift']);
export const grant = z.object({
  id: z.number().int(),
  source: grantSource,
  /** The order id, gift code id or staff reference that made the grant. */
  reference: z.string(),
  product_id: z.number().int().nullable(),
  period_unit: periodUnit,
  period_count: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  created_at: z.string(),
  /** When it was taken back (its order refunded): its period then ends at that moment. Null otherwise. */
  revoked_at: z.string().nullable(),
});

export const subscription = z.object({
  id: z.number().int(),
  user_membership_id: z.number().int(),
  user_id: z.number().int(),
  membership_slug: z.string(),
  /** True from starts_at until ends_at, unless staff ended it. */
  active: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string(),
  ended_at: z.string().nullable(),
  source: grantSource,
  grants: z.array(grant),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Subscription = z.infer<typeof subscription>;

export const userMembership = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  membership_id: z.number().int(),
  membership_slug: z.string(),
  membership_name: z.string(),
  subscription_id: z.number().int().nullable(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserMembership = z.infer<typeof userMembership>;

export const userMembershipListQuery = pageQuery.extend({
  /** The plans' names in this language (else the cookie's or Accept-Language's). */
  lang: languageField.optional(),
  /** Staff only: a plan's id or slug. */
  membership: z.string().trim().max(50).optional(),
  /** Staff only: one user's memberships. */
  user_id: id.optional(),
  active: flag.optional(),
  /** Staff only: subscriptions ending before this time (ISO 8601), e.g. to reach members about to lapse. */
  expiring_before: z.iso.datetime({ offset: true }).optional(),
});
export type UserMembershipListQuery = z.infer<typeof userMembershipListQuery>;
export const userMembershipList = paginated(userMembership);

export const grantBody = z.object({
  user_id: id,
  product_id: id,
  /** Repeating a call with the same reference grants once (a retry after a lost answer is safe). */
  reference: z.string().trim().min(1).max(100).optional(),
});
export const grantResponse = z.object({
  /** False when this source had already granted; the subscription is returned as it is. */
  granted: z.boolean(),
  subscription,
});
export const extendBody = z.object({ period_unit: periodUnit, period_count: periodCount });

export const giftCode = z.object({
  id: z.number().int(),
  /** The last characters, to tell codes apart; the full code is shown only when created. */
  code_hint: z.string(),
  product_id: z.number().int(),
  membership_slug: z.string(),
  period_unit: periodUnit,
  period_count: z.number().int(),
  expires_at: z.string(),
  status: z.enum(['unused', 'redeemed', 'expired']),
  redeemed_by: z.number().int().nullable(),
  redeemed_at: z.string().nullable(),
  created_at: z.string(),
});
export type GiftCode = z.infer<typeof giftCode>;
export const giftCodeCreate = z.object({
  product_id: id,
  count: z.number().int().min(1).max(GIFT_CODES_PER_CALL, `Use at most ${GIFT_CODES_PER_CALL}.`).default(1),
  expires_at: z.iso.datetime({ offset: true }),
});
export const giftCodesCreated = z.array(giftCode.extend({ code: z.string() }));
export const giftCodeListQuery = pageQuery.extend({ status: z.enum(['unused', 'redeemed', 'expired']).optional() });
export const giftCodeList = paginated(giftCode);

export const redeemBody = z.object({
  code: z.string().trim().min(1, 'This field may not be blank.').max(64, 'Use at most 64 characters.'),
});
export const redeemResponse = z.object({ subscription });

/** POST membership/enquiry. `plan` is a plan's slug or id; `altcha` a solved captcha, as at sign-up. */
export const enquiryBody = z.object({
  name: z.string().trim().min(1, 'This field may not be blank.').max(100, 'Use at most 100 characters.'),
  email: emailField,
  message: z.string().trim().min(1, 'This field may not be blank.').max(5000, 'Use at most 5000 characters.'),
  plan: z.string().trim().max(50, 'Use at most 50 characters.').nullish(),
  altcha: altchaField,
});
export type EnquiryBody = z.infer<typeof enquiryBody>;
export const enquiry = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The plan asked about, by slug; null when none was named (or the plan was deleted since). */
  plan: z.string().nullable(),
  /** The account that sent it, when the sender was logged in. */
  user_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Enquiry = z.infer<typeof enquiry>;
export const enquiryList = paginated(enquiry);
