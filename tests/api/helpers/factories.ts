import type { ArticleWrite } from '../../../src/shared/api/content.js';
import type { Insertable } from 'kysely';
import type { AnnouncementsTable, BannersTable, ShortcutsTable, ShortcutTypesTable, SlotTextsTable, UserRow } from '../../../src/server/db/types.js';
import { startSession } from '../../../src/server/modules/auth/service.js';
import { createArticle as createArticleService } from '../../../src/server/modules/content/articles/staff-service.js';
import { createUser as createUserService } from '../../../src/server/modules/users/service.js';
import { nowIso } from '../../../src/server/platform/time.js';
import type { TestApp } from './app.js';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq += 1)}`;

export const DEFAULT_PASSWORD = 'correct horse battery staple';

export async function createUser(t: TestApp, overrides: Partial<Parameters<typeof createUserService>[1]> = {}): Promise<UserRow> {
  const n = next();
  return createUserService(t.app.ctx, {
    username: `user${n}`,
    email: `user${n}@example.com`,
    password: DEFAULT_PASSWORD,
    display_name: `User ${n}`,
    ...overrides,
  });
}

export const createStaff = (t: TestApp, overrides: Partial<Parameters<typeof createUserService>[1]> = {}) =>
  createUser(t, { role: 'staff', ...overrides });

/** An access token for the user (a real session, as after login). */
export async function tokenFor(t: TestApp, user: UserRow): Promise<string> {
  const session = await startSession(t.app.ctx, user.id);
  return session.access;
}

export async function createCategory(t: TestApp, overrides: Partial<{ name: string; slug: string; description: string; sort_order: number; translations: string }> = {}) {
  const n = next();
  const now = nowIso();
  return t.db.kysely
    .insertInto('categories')
    .values({ name: `Category ${n}`, slug: `category-${n}`, description: '', sort_order: 0, created_at: now, updated_at: now, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createTag(t: TestApp, overrides: Partial<{ name: string; slug: string; description: string; translations: string }> = {}) {
  const n = next();
  const now = nowIso();
  return t.db.kysely
    .insertInto('tags')
    .values({ name: `tag-${n}`, slug: `tag-${n}`, description: '', created_at: now, updated_at: now, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createTopic(t: TestApp, overrides: Partial<{ name: string; slug: string; description: string; sort_order: number; translations: string }> = {}) {
  const n = next();
  const now = nowIso();
  return t.db.kysely
    .insertInto('topics')
    .values({ name: `Topic ${n}`, slug: `topic-${n}`, description: '', cover: null, sort_order: 0, created_at: now, updated_at: now, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A published article by a new staff author unless told otherwise; goes through the real service. */
export async function createArticle(t: TestApp, overrides: Partial<ArticleWrite> & { author?: UserRow } = {}) {
  const { author: given, ...fields } = overrides;
  const author = given ?? (await createStaff(t));
  const n = next();
  const input: ArticleWrite = {
    title: `Article ${n}`,
    summary: `Summary of article ${n}`,
    body_markdown: `# Heading ${n}\n\nBody text of article ${n}.`,
    tag_ids: [],
    topic_ids: [],
    access: 'free',
    free_read: false,
    is_hot: false,
    language: 'en',
    status: 'published',
    published_at: new Date(Date.now() - 60_000).toISOString(),
    ...fields,
  };
  return createArticleService(t.app.ctx, { id: author.id, role: author.role, username: author.username, email: author.email, display_name: author.display_name, avatar: author.avatar }, input);
}

type Fields<T> = Partial<Omit<Insertable<T>, 'id' | 'created_at' | 'updated_at'>>;

export async function createBanner(t: TestApp, overrides: Fields<BannersTable> = {}) {
  const n = next();
  const now = nowIso();
  return t.db.kysely
    .insertInto('banners')
    .values({ title: `Banner ${n}`, subtitle: '', image: `/media/banner-${n}.jpg`, link: '', article_id: null, kind: 'main', position: 0, is_active: 1, created_at: now, updated_at: now, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Active, with no window (always showing) unless told otherwise. */
export async function createAnnouncement(t: TestApp, overrides: Fields<AnnouncementsTable> & { created_at?: string } = {}) {
  const n = next();
  const now = nowIso();
  return t.db.kysely
    .insertInto('announcements')
    .values({ title: `Announcement ${n}`, content: `Content ${n}`, link: '', is_modal: 0, is_active: 1, starts_at: null, ends_at: null, created_at: now, updated_at: now, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createSlotText(t: TestApp, overrides: Fields<SlotTextsTable> = {}) {
  const n = next();
  const now = nowIso();
  return t.db.kysely
    .insertInto('slot_texts')
    .values({ key: `slot-${n}`, title: `Slot ${n}`, text: `Text ${n}`, created_at: now, updated_at: now, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createShortcutType(t: TestApp, overrides: Fields<ShortcutTypesTable> = {}) {
  const n = next();
  const now = nowIso();
  return t.db.kysely
    .insertInto('shortcut_types')
    .values({ name: `Type ${n}`, slug: `type-${n}`, description: '', position: 0, created_at: now, updated_at: now, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A shortcut of `type_id`, or of a new type when none is given. */
export async function createShortcut(t: TestApp, overrides: Fields<ShortcutsTable> = {}) {
  const n = next();
  const now = nowIso();
  const type_id = overrides.type_id ?? (await createShortcutType(t)).id;
  return t.db.kysely
    .insertInto('shortcuts')
    .values({ title: `Shortcut ${n}`, description: '', url: `https://example.com/${n}`, icon: null, position: 0, created_at: now, updated_at: now, ...overrides, type_id })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A membership plan; slug `premium` makes members (use `createPremiumProduct` for that plan). */
export async function createMembershipPlan(t: TestApp, overrides: Partial<{ slug: string; name: string; description: string; perks: string[]; sort_order: number }> = {}) {
  const n = next();
  const now = nowIso();
  const { perks = [], ...fields } = overrides;
  return t.db.kysely
    .insertInto('memberships')
    .values({ slug: `plan-${n}`, name: `Plan ${n}`, description: '', sort_order: 0, created_at: now, updated_at: now, ...fields, perks: JSON.stringify(perks) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What the editorial calls take for an article for the members of plan `planId` (its publish action makes it public). */
export const planArticleFields = (planId: number, overrides: Record<string, unknown> = {}) => ({
  title: `Plan piece ${next()}`,
  slug: '',
  summary: 'For the circle.',
  cover: '',
  body_markdown: 'Open words.',
  category_id: null,
  tag_ids: [],
  topic_ids: [],
  access: 'plan',
  access_plan_id: planId,
  free_read: false,
  language: 'en',
  ...overrides,
});

/** A product of `membership_id` (a new plan when none is given): 30 days for 1000 unless told otherwise. */
export async function createMembershipProduct(
  t: TestApp,
  overrides: Partial<{ membership_id: number; name: string; price: number; period_unit: 'day' | 'month'; period_count: number; is_active: 0 | 1 }> = {},
) {
  const n = next();
  const now = nowIso();
  const membership_id = overrides.membership_id ?? (await createMembershipPlan(t)).id;
  return t.db.kysely
    .insertInto('membership_products')
    .values({ name: `Product ${n}`, price: 1000, period_unit: 'day', period_count: 30, is_active: 1, sort_order: 0, created_at: now, updated_at: now, ...overrides, membership_id })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A product of the `premium` plan (created once per database). */
export async function createPremiumProduct(t: TestApp, overrides: Partial<{ period_unit: 'day' | 'month'; period_count: number; price: number }> = {}) {
  const premium =
    (await t.db.kysely.selectFrom('memberships').selectAll().where('slug', '=', 'premium').executeTakeFirst()) ?? (await createMembershipPlan(t, { slug: 'premium', name: 'Premium' }));
  return createMembershipProduct(t, { membership_id: premium.id, ...overrides });
}
