import {
  PREMIUM_SLUG,
  type MembershipPlan,
  type MembershipProduct,
  type MeterTerms,
  type PlanChanges,
  type PlanWrite,
  type ProductChanges,
  type ProductWrite,
} from '../../../shared/api/membership.js';
import type { Language } from '../../../shared/i18n/index.js';
import { isStaff, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import { localised, serializeTranslations, type TranslationsInput } from '../../platform/translations.js';
import {
  deletePlan as removePlan,
  deleteProduct as removeProduct,
  findPlan,
  findPlanBySlug,
  findProduct,
  insertPlan,
  insertProduct,
  listPlans as selectPlans,
  listProducts as selectProducts,
  planInUse,
  productInUse,
  updatePlan as writePlan,
  updateProduct as writeProduct,
  type PlanRow,
  type ProductRow,
} from './repo.js';
import { requireStaffActor } from './access.js';

/** Plans and their products (staff write them; everyone reads them), and the price card built from them. */

function parsePerks(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A plan's translations as stored: its perks in another language are kept like the `perks` column, as the
 * JSON text of the list, so every translated field is a string; an empty list is no version.
 */
function planTranslationsJson(input: NonNullable<PlanWrite['translations']>): string {
  const texts: TranslationsInput = {};
  for (const [lang, fields] of Object.entries(input) as [keyof TranslationsInput, (typeof input)[keyof typeof input]][]) {
    if (!fields) continue;
    texts[lang] = { name: fields.name, description: fields.description, perks: fields.perks?.length ? JSON.stringify(fields.perks) : undefined };
  }
  return serializeTranslations(texts);
}

/** A plan in `lang`: its name, description and perks there when it has them, else the default texts. */
function toPlan(row: PlanRow, lang: Language | undefined): MembershipPlan {
  const texts = lang ? localised({ name: row.name, description: row.description, perks: row.perks }, row.translations, lang) : row;
  return {
    id: row.id,
    slug: row.slug,
    name: texts.name,
    description: texts.description,
    perks: parsePerks(texts.perks),
    sort_order: row.sort_order,
    is_premium: row.slug === PREMIUM_SLUG,
  };
}

const toProduct = (ctx: AppContext, row: ProductRow, lang: Language | undefined): MembershipProduct => ({
  id: row.id,
  membership_id: row.membership_id,
  membership_slug: row.membership_slug,
  name: lang ? localised({ name: row.name }, row.translations, lang).name : row.name,
  price: row.price,
  currency: ctx.config.currency,
  period_unit: row.period_unit,
  period_count: row.period_count,
  is_active: row.is_active === 1,
  sort_order: row.sort_order,
});

// Plans: every answer gives the texts in the reader's language `lang` (else the default texts).

export async function listPlans(ctx: AppContext, lang: Language): Promise<MembershipPlan[]> {
  return (await selectPlans(ctx.db.kysely)).map((row) => toPlan(row, lang));
}

export async function getPlan(ctx: AppContext, id: number, lang: Language): Promise<MembershipPlan> {
  const row = await findPlan(ctx.db.kysely, id);
  if (!row) throw new NotFound('Membership');
  return toPlan(row, lang);
}

async function assertSlugFree(ctx: AppContext, slug: string, exceptId: number | null): Promise<void> {
  const other = await findPlanBySlug(ctx.db.kysely, slug);
  if (other && other.id !== exceptId) throw new Conflict('slug: A plan with this slug exists.', { slug: 'A plan with this slug exists.' });
}

export async function createPlan(ctx: AppContext, actor: Actor, input: PlanWrite, lang: Language): Promise<MembershipPlan> {
  requireStaffActor(actor);
  await assertSlugFree(ctx, input.slug, null);
  const now = new Date().toISOString();
  const row = await insertPlan(ctx.db.kysely, {
    ...input,
    perks: JSON.stringify(input.perks),
    translations: planTranslationsJson(input.translations),
    created_at: now,
    updated_at: now,
  });
  ctx.events.changed('membership');
  return toPlan(row, lang);
}

/** Changes what `changes` names; `translations`, when given, replaces the plan's versions in other languages. */
export async function updatePlan(ctx: AppContext, actor: Actor, id: number, changes: PlanChanges, lang: Language): Promise<MembershipPlan> {
  requireStaffActor(actor);
  const current = await findPlan(ctx.db.kysely, id);
  if (!current) throw new NotFound('Membership');
  if (changes.slug !== undefined && changes.slug !== current.slug) {
    // The premium slug is what makes members: renaming it away would end every membership at once.
    if (current.slug === PREMIUM_SLUG) throw Invalid.field('slug', `The "${PREMIUM_SLUG}" plan keeps its slug.`);
    await assertSlugFree(ctx, changes.slug, id);
  }
  const { perks, translations, ...rest } = changes;
  const row = await writePlan(ctx.db.kysely, id, {
    ...rest,
    ...(perks !== undefined && { perks: JSON.stringify(perks) }),
    ...(translations !== undefined && { translations: planTranslationsJson(translations) }),
    updated_at: new Date().toISOString(),
  });
  ctx.events.changed('membership');
  return toPlan(row, lang);
}

export async function deletePlan(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  requireStaffActor(actor);
  if (!(await findPlan(ctx.db.kysely, id))) throw new NotFound('Membership');
  if (await planInUse(ctx.db.kysely, id)) throw new Conflict('This plan has products or members; it cannot be deleted.');
  await removePlan(ctx.db.kysely, id);
  ctx.events.changed('membership');
}

// Products

export async function planIdOf(ctx: AppContext, idOrSlug: string | undefined, field: string): Promise<number | undefined> {
  if (idOrSlug === undefined || idOrSlug === '') return undefined;
  const row = /^\d+$/.test(idOrSlug) ? await findPlan(ctx.db.kysely, Number(idOrSlug)) : await findPlanBySlug(ctx.db.kysely, idOrSlug);
  if (!row) throw Invalid.field(field, 'No such membership plan.');
  return row.id;
}

/** Products by plan and position; their names in `lang` (without it, the default names: prices, order lines). */
export async function listProducts(
  ctx: AppContext,
  actor: Actor | null,
  query: { membership?: string; include_inactive?: boolean },
  lang?: Language,
): Promise<MembershipProduct[]> {
  if (query.include_inactive && !isStaff(actor)) throw new Forbidden('Only staff see inactive products.');
  const membershipId = await planIdOf(ctx, query.membership, 'membership');
  const rows = await selectProducts(ctx.db.kysely, { membershipId, activeOnly: !query.include_inactive });
  return rows.map((r) => toProduct(ctx, r, lang));
}

/** A product; an inactive one only for staff (it may still be granted or given as a gift). Its name in `lang` when given. */
export async function getProduct(ctx: AppContext, actor: Actor | null, id: number, lang?: Language): Promise<MembershipProduct> {
  const row = await findProduct(ctx.db.kysely, id);
  if (!row || (row.is_active !== 1 && !isStaff(actor))) throw new NotFound('Membership product');
  return toProduct(ctx, row, lang);
}

/** The metered paywall's allowances as this site configures them (`FREE_READS_GUEST`, `FREE_READS_USER`). */
export function meterTerms(ctx: AppContext): MeterTerms {
  return { free_reads_guest: ctx.config.freeReadsGuest, free_reads_user: ctx.config.freeReadsUser };
}

/** The price card: every plan with its products on sale, in `lang` (without it, the default texts). */
export async function priceCard(ctx: AppContext, lang?: Language) {
  const [plans, products] = await Promise.all([selectPlans(ctx.db.kysely), selectProducts(ctx.db.kysely, { activeOnly: true })]);
  return plans.map((p) => ({ ...toPlan(p, lang), products: products.filter((x) => x.membership_id === p.id).map((x) => toProduct(ctx, x, lang)) }));
}

export async function createProduct(ctx: AppContext, actor: Actor, input: ProductWrite, lang: Language): Promise<MembershipProduct> {
  requireStaffActor(actor);
  if (!(await findPlan(ctx.db.kysely, input.membership_id))) throw Invalid.field('membership_id', 'No such membership plan.');
  const now = new Date().toISOString();
  const id = await insertProduct(ctx.db.kysely, {
    ...input,
    is_active: input.is_active ? 1 : 0,
    translations: serializeTranslations(input.translations),
    created_at: now,
    updated_at: now,
  });
  ctx.events.changed('membership');
  return toProduct(ctx, (await findProduct(ctx.db.kysely, id))!, lang);
}

/** Changes what `changes` names; `translations`, when given, replaces the product's names in other languages. */
export async function updateProduct(ctx: AppContext, actor: Actor, id: number, changes: ProductChanges, lang: Language): Promise<MembershipProduct> {
  requireStaffActor(actor);
  const db = ctx.db.kysely;
  if (!(await findProduct(db, id))) throw new NotFound('Membership product');
  if (changes.membership_id !== undefined && !(await findPlan(db, changes.membership_id))) throw Invalid.field('membership_id', 'No such membership plan.');
  const { is_active, translations, ...rest } = changes;
  await writeProduct(db, id, {
    ...rest,
    ...(is_active !== undefined && { is_active: is_active ? 1 : 0 }),
    ...(translations !== undefined && { translations: serializeTranslations(translations) }),
    updated_at: new Date().toISOString(),
  });
  ctx.events.changed('membership');
  return toProduct(ctx, (await findProduct(db, id))!, lang);
}

export async function deleteProduct(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  requireStaffActor(actor);
  if (!(await findProduct(ctx.db.kysely, id))) throw new NotFound('Membership product');
  if (await productInUse(ctx.db.kysely, id)) throw new Conflict('This product was granted or has gift codes; set is_active to false instead.');
  await removeProduct(ctx.db.kysely, id);
  ctx.events.changed('membership');
}
