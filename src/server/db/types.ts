import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ShopTables } from './shop-types.js';
import type { CourseTables } from './course-types.js';
import type { CommentTables } from './comment-types.js';
import type { AdminTables } from './admin-types.js';
import type { PageTables } from './page-types.js';
import type { PlatformTables } from './platform-types.js';
import type { NewsletterTables } from './newsletter-types.js';

/**
 * Table types. Timestamps are ISO-8601 UTC text and booleans are 0/1 integers on both engines,
 * so one query code sorts and compares the same way on SQLite and PostgreSQL.
 */
export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string | null;
  display_name: string;
  description: string;
  avatar: string | null;
  mobile: string | null;
  role: 'user' | 'staff' | 'superuser';
  email_verified: Flag;
  is_active: Flag;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0015). */
  translations: Generated<string>;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  family: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  successor_jti: string | null;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0015). */
  translations: Generated<string>;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0015). */
  translations: Generated<string>;
}

export interface TopicsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  cover: string | null;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0015). */
  translations: Generated<string>;
}

export interface ArticlesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  summary: string;
  cover: string | null;
  body_markdown: string;
  content_html: string;
  body_text: string;
  author_id: number;
  category_id: number | null;
  /** `plan`: for the members of `access_plan_id`'s plan and staff (migration 0034). */
  access: 'free' | 'premium' | 'plan';
  access_plan_id: number | null;
  free_read: Flag;
  is_hot: Flag;
  language: string;
  /** The same article in the other language (migration 0034). */
  translation_id: number | null;
  status: 'draft' | 'published';
  reading_time: number;
  view_count: number;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ArticleTagsTable {
  article_id: number;
  tag_id: number;
}

export interface TopicArticlesTable {
  topic_id: number;
  article_id: number;
  position: number;
}

/**
 * Published-article counts kept by database triggers (migration 0007). `kind` is 'all' (ref_id 0),
 * 'category', 'tag', 'topic', 'author' or 'month' (ref_id yyyymm); read through content/counts-repo.ts.
 */
export interface ArticleCountsTable {
  kind: 'all' | 'category' | 'tag' | 'topic' | 'author' | 'month';
  ref_id: number;
  n: number;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  article_id: number | null;
  kind: 'main' | 'hot' | 'final';
  position: number;
  is_active: Flag;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0015). */
  translations: Generated<string>;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  content: string;
  link: string;
  is_modal: Flag;
  is_active: Flag;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0015). */
  translations: Generated<string>;
}

export interface SlotTextsTable {
  id: Generated<number>;
  key: string;
  title: string;
  text: string;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0015). */
  translations: Generated<string>;
}

export interface ShortcutTypesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string;
  position: number;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0020). */
  translations: Generated<string>;
}

export interface ShortcutsTable {
  id: Generated<number>;
  type_id: number;
  title: string;
  description: string;
  url: string;
  icon: string | null;
  position: number;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0020). */
  translations: Generated<string>;
}

export interface ReadingProgressTable {
  user_id: number;
  article_id: number;
  progress: number;
  position: number;
  completed: Flag;
  updated_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  user_id: number;
  article_id: number | null;
  url: string;
  reason: string;
  detail: string;
  status: 'open' | 'resolved' | 'dismissed';
  created_at: string;
  updated_at: string;
}

export interface SubmissionsTable {
  id: Generated<number>;
  user_id: number;
  original_name: string;
  stored_name: string;
  mime_type: string;
  size: number;
  note: string;
  status: 'pending' | 'accepted' | 'rejected';
  created_at: string;
}

/** Membership plans (`premium` is the slug that makes a member); perks is a JSON array of strings. */
export interface MembershipsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  perks: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0020). */
  translations: Generated<string>;
}

export type PeriodUnit = 'day' | 'month';

/** What a plan costs for which period; price in the currency's minor unit. */
export interface MembershipProductsTable {
  id: Generated<number>;
  membership_id: number;
  name: string;
  price: number;
  period_unit: PeriodUnit;
  period_count: number;
  is_active: Flag;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /** JSON: other languages' versions of the texts, by language (migration 0020). */
  translations: Generated<string>;
}

/** A user's hold on a plan; `language` is the one the member last used when a grant came from a request. */
export interface UserMembershipsTable {
  id: Generated<number>;
  user_id: number;
  membership_id: number;
  language: string | null;
  created_at: string;
  updated_at: string;
}

export type GrantSource = 'staff' | 'order' | 'gift';

/** One per user membership: active from starts_at until ends_at; grants extend it. */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_membership_id: number;
  starts_at: string;
  ends_at: string;
  is_active: Flag;
  ended_at: string | null;
  /** Where the newest grant came from. */
  source: GrantSource;
  created_at: string;
  updated_at: string;
}

/** Every extension of a subscription; `source_key` (e.g. `order:12`) is unique, so a source grants once. */
export interface MembershipGrantsTable {
  id: Generated<number>;
  subscription_id: number;
  product_id: number | null;
  source: GrantSource;
  source_key: string;
  period_unit: PeriodUnit;
  period_count: number;
  starts_at: string;
  ends_at: string;
  granted_by: number | null;
  created_at: string;
  /** When it was taken back (its order refunded); its `ends_at` was then cut to that moment. */
  revoked_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MembershipGiftCodesTable {
  id: Generated<number>;
  code_hash: string;
  code_hint: string;
  product_id: number;
  expires_at: string;
  redeemed_by: number | null;
  redeemed_at: string | null;
  created_by: number | null;
  created_at: string;
}

/** A reminder claimed (before sending) per subscription, kind and term, so no process sends it twice. */
export interface MembershipRemindersTable {
  subscription_id: number;
  kind: 'expires_7d' | 'expires_1d' | 'expired';
  term_ends_at: string;
  created_at: string;
}

export interface GuestFingerprintsTable {
  id: Generated<number>;
  userfinger: string;
  ip_address: string;
  user_id: number | null;
  created_at: string;
  last_seen_at: string;
}

/** View counts mirrored from the client, per calendar month (UTC, `yyyy-mm`); they never go down. */
export interface GuestViewCountsTable {
  userfinger_id: number;
  month: string;
  view_count: number;
  updated_at: string;
}

export interface UserViewCountsTable {
  user_id: number;
  month: string;
  view_count: number;
  updated_at: string;
}

/** The metered paywall: one row per reader (`user:1`, `fp:<fingerprint>`, `net:<prefix>`), article and month. */
export interface MeterReadsTable {
  month: string;
  subject: string;
  article_id: number;
  created_at: string;
}

/** How many metered reads a subject has spent in a month; raised only by a conditional update. */
export interface MeterCountsTable {
  month: string;
  subject: string;
  n: number;
}

/** The shop's tables live in shop-types.ts. */
export interface Database extends ShopTables, CourseTables, CommentTables, AdminTables, PageTables, PlatformTables, NewsletterTables {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  categories: CategoriesTable;
  tags: TagsTable;
  topics: TopicsTable;
  articles: ArticlesTable;
  article_tags: ArticleTagsTable;
  topic_articles: TopicArticlesTable;
  article_counts: ArticleCountsTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  slot_texts: SlotTextsTable;
  shortcut_types: ShortcutTypesTable;
  shortcuts: ShortcutsTable;
  reading_progress: ReadingProgressTable;
  reports: ReportsTable;
  submissions: SubmissionsTable;
  memberships: MembershipsTable;
  membership_products: MembershipProductsTable;
  user_memberships: UserMembershipsTable;
  subscriptions: SubscriptionsTable;
  membership_grants: MembershipGrantsTable;
  membership_gift_codes: MembershipGiftCodesTable;
  membership_reminders: MembershipRemindersTable;
  guest_fingerprints: GuestFingerprintsTable;
  guest_view_counts: GuestViewCountsTable;
  user_view_counts: UserViewCountsTable;
  meter_reads: MeterReadsTable;
  meter_counts: MeterCountsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticle = Insertable<ArticlesTable>;

// Orders (migration 0016)

export type OrderStatus = 'pending' | 'paid' | 'fulfilled' | 'cancelled' | 'refunded' | 'expired';
export type ReservationState = 'held' | 'released' | 'sold';
export type PaymentOutcome = 'paid' | 'refund_due';
export type RefundStatus = 'requested' | 'succeeded' | 'failed';

export interface OrdersTable {
  id: Generated<number>;
  number: string;
  /** The buyer; null once their account is deleted (the order is kept for the shop's accounts, migration 0026). */
  user_id: number | null;
  basket_id: number | null;
  status: OrderStatus;
  currency: string;
  subtotal: number;
  discount: number;
  shipping_charge: number;
  total: number;
  voucher_id: number | null;
  voucher_code: string | null;
  voucher_claimed: Flag;
  shipping_method_code: string | null;
  shipping_method_name: string | null;
  /** JSON of the address as it was at checkout. */
  shipping_address: string | null;
  payment_method: string;
  language: string | null;
  reserved_until: string | null;
  expires_at: string;
  paid_at: string | null;
  fulfilled_at: string | null;
  closed_at: string | null;
  confirmation_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  product_class: string;
  membership_product_id: number | null;
  course_id: number | null;
  course_product_id: number | null;
  stockrecord_id: number | null;
  partner_sku: string | null;
  title: string;
  quantity: number;
  unit_price: number;
  discount: number;
  line_total: number;
  created_at: string;
}

export interface OrderLineAttributesTable {
  id: Generated<number>;
  line_id: number;
  option_id: number | null;
  option_code: string;
  value: string;
}

export interface OrderStockReservationsTable {
  id: Generated<number>;
  order_id: number;
  line_id: number;
  stockrecord_id: number;
  quantity: number;
  state: ReservationState;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export interface OrderPaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  provider_trade_no: string;
  amount: number;
  currency: string;
  outcome: PaymentOutcome;
  created_at: string;
}

export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  payment_id: number | null;
  amount: number;
  reason: string;
  created_by: number | null;
  created_at: string;
  /** Migration 0019: requested at the provider, then succeeded or failed. */
  status: Generated<RefundStatus>;
  /** The refund's number at the provider (Alipay out_request_no, WeChat Pay out_refund_no); unique. */
  out_request_no: string | null;
  provider: string | null;
  provider_refund_no: string | null;
  settled_by: 'provider' | 'local' | null;
  failure_reason: string | null;
  updated_at: string | null;
}

export interface OrderIdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  status: number | null;
  body: string | null;
  created_at: string;
}

/** Merged into Database above. */
export interface Database {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_line_attributes: OrderLineAttributesTable;
  order_stock_reservations: OrderStockReservationsTable;
  order_payments: OrderPaymentsTable;
  order_refunds: OrderRefundsTable;
  order_idempotency_keys: OrderIdempotencyKeysTable;
}
