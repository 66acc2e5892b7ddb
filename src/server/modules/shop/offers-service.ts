import type { Kysely } from 'kysely';
import type { PageQuery } from '../../../shared/api/common.js';
import type {
  ShippingMethodAdmin,
  ShippingMethodChanges,
  ShippingMethodWrite,
  Voucher,
  VoucherChanges,
  VoucherWrite,
} from '../../../shared/api/shop.js';
import type { Language } from '../../../shared/i18n/index.js';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import { offsetOf } from '../../platform/http.js';
import { nowIso } from '../../platform/time.js';
import { localised, parseTranslations, serializeTranslations } from '../../platform/translations.js';
import { findRange } from './catalogue-repo.js';
import {
  countriesOfMethods,
  countVouchers,
  deleteShippingMethod as removeShippingMethod,
  deleteVoucher as removeVoucher,
  findShippingMethod,
  findShippingMethodByCode,
  findVoucher,
  findVoucherByCode,
  insertShippingMethod,
  insertVoucher,
  knownCountries,
  listShippingMethods as selectShippingMethods,
  listVouchers as selectVouchers,
  setMethodCountries,
  updateShippingMethod as writeShippingMethod,
  updateVoucher as writeVoucher,
  voucherEverUsed,
  voucherUsesBy,
  type ShippingMethodRow,
  type VoucherRow,
} from './offers-repo.js';

// Vouchers

export const toVoucher = (r: VoucherRow): Voucher => ({
  id: r.id,
  name: r.name,
  code: r.code,
  discount_type: r.discount_type,
  value: r.value,
  range: r.range_id,
  min_spend: r.min_spend,
  usage_limit: r.usage_limit,
  per_user_limit: r.per_user_limit,
  num_used: r.num_used,
  start_datetime: r.starts_at,
  end_datetime: r.ends_at,
  is_active: r.is_active === 1,
});

/**
 * Why the voucher cannot be used by this user now, or null when it can. Dates, the total and per-user
 * limits are checked here; the basket's own conditions (range, minimum spend) by the basket.
 */
export async function voucherUnusable(db: Kysely<Database>, v: VoucherRow, userId: number, now: string): Promise<string | null> {
  if (v.is_active !== 1) return `The voucher "${v.code}" is not active.`;
  if (v.starts_at > now) return `The voucher "${v.code}" is not valid yet.`;
  if (v.ends_at !== null && v.ends_at <= now) return `The voucher "${v.code}" has expired.`;
  if (v.usage_limit !== null && v.num_used >= v.usage_limit) return `The voucher "${v.code}" has been used up.`;
  if (v.per_user_limit !== null && (await voucherUsesBy(db, v.id, userId)) >= v.per_user_limit) return `You have used the voucher "${v.code}" as often as it allows.`;
  return null;
}

export { findVoucher, findVoucherByCode };

export async function listVouchers(ctx: AppContext, query: PageQuery) {
  const db = ctx.db.kysely;
  const [count, rows] = await Promise.all([countVouchers(db), selectVouchers(db, query.page_size, offsetOf(query))]);
  return { count, results: rows.map(toVoucher) };
}

export async function getVoucher(ctx: AppContext, id: number): Promise<Voucher> {
  const row = await findVoucher(ctx.db.kysely, id);
  if (!row) throw new NotFound('Voucher');
  return toVoucher(row);
}

interface VoucherShape {
  discount_type: 'percentage' | 'fixed';
  value: number;
  range: number | null;
  start_datetime: string;
  end_datetime: string | null;
}

async function assertVoucher(ctx: AppContext, v: VoucherShape, code: string | undefined, self: number | null): Promise<void> {
  if (v.discount_type === 'percentage' && v.value > 100) throw Invalid.field('value', 'A percentage is at most 100.');
  if (v.range !== null && !(await findRange(ctx.db.kysely, v.range))) throw Invalid.field('range', 'No such range.');
  if (v.end_datetime !== null && Date.parse(v.end_datetime) <= Date.parse(v.start_datetime)) throw Invalid.field('end_datetime', 'The end must come after the start.');
  if (code !== undefined) {
    const other = await findVoucherByCode(ctx.db.kysely, code);
    if (other && other.id !== self) throw new Conflict('code: A voucher with this code exists.', { code: 'A voucher with this code exists.' });
  }
}

const iso = (value: string) => new Date(value).toISOString();

export async function createVoucher(ctx: AppContext, input: VoucherWrite): Promise<Voucher> {
  await assertVoucher(ctx, input, input.code, null);
  const now = nowIso();
  const id = await insertVoucher(ctx.db.kysely, {
    name: input.name,
    code: input.code,
    discount_type: input.discount_type,
    value: input.value,
    range_id: input.range,
    min_spend: input.min_spend,
    usage_limit: input.usage_limit,
    per_user_limit: input.per_user_limit,
    num_used: 0,
    starts_at: iso(input.start_datetime),
    ends_at: input.end_datetime === null ? null : iso(input.end_datetime),
    is_active: input.is_active ? 1 : 0,
    created_at: now,
    updated_at: now,
  });
  return getVoucher(ctx, id);
}

export async function updateVoucher(ctx: AppContext, id: number, changes: VoucherChanges): Promise<Voucher> {
  const current = await findVoucher(ctx.db.kysely, id);
  if (!current) throw new NotFound('Voucher');
  const merged: VoucherShape = {
    discount_type: changes.discount_type ?? current.discount_type,
    value: changes.value ?? current.value,
    range: changes.range !== undefined ? changes.range : current.range_id,
    start_datetime: changes.start_datetime ?? current.starts_at,
    end_datetime: changes.end_datetime !== undefined ? changes.end_datetime : current.ends_at,
  };
  await assertVoucher(ctx, merged, changes.code, id);
  await writeVoucher(ctx.db.kysely, id, {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.code !== undefined && { code: changes.code }),
    discount_type: merged.discount_type,
    value: merged.value,
    range_id: merged.range,
    ...(changes.min_spend !== undefined && { min_spend: changes.min_spend }),
    ...(changes.usage_limit !== undefined && { usage_limit: changes.usage_limit }),
    ...(changes.per_user_limit !== undefined && { per_user_limit: changes.per_user_limit }),
    starts_at: iso(merged.start_datetime),
    ends_at: merged.end_datetime === null ? null : iso(merged.end_datetime),
    ...(changes.is_active !== undefined && { is_active: changes.is_active ? 1 : 0 }),
    updated_at: nowIso(),
  });
  return getVoucher(ctx, id);
}

export async function deleteVoucher(ctx: AppContext, id: number): Promise<void> {
  if (!(await findVoucher(ctx.db.kysely, id))) throw new NotFound('Voucher');
  if (await voucherEverUsed(ctx.db.kysely, id)) throw new Conflict('This voucher has been used; set is_active to false instead.');
  await removeVoucher(ctx.db.kysely, id);
}

// Shipping methods

export interface MethodWithCountries {
  row: ShippingMethodRow;
  countries: { country: string; charge: number | null }[];
}

export async function methodsWithCountries(db: Kysely<Database>, activeOnly: boolean): Promise<MethodWithCountries[]> {
  const rows = await selectShippingMethods(db, activeOnly);
  const links = await countriesOfMethods(db, rows.map((r) => r.id));
  return rows.map((row) => ({ row, countries: links.filter((l) => l.method_id === row.id).map((l) => ({ country: l.country, charge: l.charge })) }));
}

/** The charge of a method for a country before the free-over rule, or null when it does not ship there. */
export function chargeFor(m: MethodWithCountries, country: string | null): number | null {
  if (m.countries.length === 0) return m.row.charge;
  const link = country === null ? undefined : m.countries.find((c) => c.country === country);
  return link ? (link.charge ?? m.row.charge) : null;
}

/** A method's name and description in `lang` (each falls back to the default text); the default ones without `lang`. */
export function methodTexts(row: ShippingMethodRow, lang: Language | null | undefined): { name: string; description: string } {
  const texts = { name: row.name, description: row.description };
  return lang ? localised(texts, row.translations, lang) : texts;
}

/**
 * What staff edit: the stored default texts with every other language's version beside them, whatever the
 * interface language (a localised answer sent back would overwrite the default texts).
 */
const toMethodAdmin = (m: MethodWithCountries): ShippingMethodAdmin => ({
  id: m.row.id,
  code: m.row.code,
  ...methodTexts(m.row, null),
  translations: parseTranslations(m.row.translations) as ShippingMethodAdmin['translations'],
  charge: m.row.charge,
  free_over: m.row.free_over,
  countries: m.countries,
  is_active: m.row.is_active === 1,
  sort_order: m.row.sort_order,
});

export async function listShippingMethods(ctx: AppContext): Promise<ShippingMethodAdmin[]> {
  return (await methodsWithCountries(ctx.db.kysely, false)).map(toMethodAdmin);
}

export async function getShippingMethod(ctx: AppContext, id: number): Promise<ShippingMethodAdmin> {
  const row = await findShippingMethod(ctx.db.kysely, id);
  if (!row) throw new NotFound('Shipping method');
  const links = await countriesOfMethods(ctx.db.kysely, [id]);
  return toMethodAdmin({ row, countries: links.map((l) => ({ country: l.country, charge: l.charge })) });
}

async function assertMethod(ctx: AppContext, code: string | undefined, countries: { country: string }[] | undefined, self: number | null): Promise<void> {
  if (code !== undefined) {
    const other = await findShippingMethodByCode(ctx.db.kysely, code);
    if (other && other.id !== self) throw new Conflict('code: A shipping method with this code exists.', { code: 'A shipping method with this code exists.' });
  }
  if (countries) {
    const codes = countries.map((c) => c.country);
    if (new Set(codes).size !== codes.length) throw Invalid.field('countries', 'Each country may appear once.');
    const known = await knownCountries(ctx.db.kysely, codes);
    const unknown = codes.find((c) => !known.has(c));
    if (unknown) throw Invalid.field('countries', `Unknown country ${unknown}.`);
  }
}

export async function createShippingMethod(ctx: AppContext, input: ShippingMethodWrite): Promise<ShippingMethodAdmin> {
  await assertMethod(ctx, input.code, input.countries, null);
  const now = nowIso();
  const { countries, is_active, translations, ...rest } = input;
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const newId = await insertShippingMethod(trx, { ...rest, is_active: is_active ? 1 : 0, translations: serializeTranslations(translations), created_at: now, updated_at: now });
    await setMethodCountries(trx, newId, countries);
    return newId;
  });
  return getShippingMethod(ctx, id);
}

/** Changes what `changes` names; `translations`, when given, replaces the method's versions in other languages. */
export async function updateShippingMethod(ctx: AppContext, id: number, changes: ShippingMethodChanges): Promise<ShippingMethodAdmin> {
  if (!(await findShippingMethod(ctx.db.kysely, id))) throw new NotFound('Shipping method');
  await assertMethod(ctx, changes.code, changes.countries, id);
  const { countries, is_active, translations, ...rest } = changes;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await writeShippingMethod(trx, id, {
      ...rest,
      ...(is_active !== undefined && { is_active: is_active ? 1 : 0 }),
      ...(translations !== undefined && { translations: serializeTranslations(translations) }),
      updated_at: nowIso(),
    });
    if (countries !== undefined) await setMethodCountries(trx, id, countries);
  });
  return getShippingMethod(ctx, id);
}

export async function deleteShippingMethod(ctx: AppContext, id: number): Promise<void> {
  if (!(await findShippingMethod(ctx.db.kysely, id))) throw new NotFound('Shipping method');
  await removeShippingMethod(ctx.db.kysely, id);
}
