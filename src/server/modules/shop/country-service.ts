import type { Kysely } from 'kysely';
import type { Country } from '../../../shared/api/shop.js';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../platform/context.js';
import { NotFound } from '../../platform/errors.js';
import { findCountry, listCountries as selectCountries, type CountryRow } from './catalogue-repo.js';

// Countries

const toCountry = (r: CountryRow): Country => ({
  iso_3166_1_a2: r.iso_3166_1_a2,
  iso_3166_1_a3: r.iso_3166_1_a3,
  iso_3166_1_numeric: r.iso_3166_1_numeric,
  name: r.name,
  printable_name: r.name,
  display_order: r.display_order,
  is_shipping_country: r.is_shipping_country === 1,
});

export async function listCountries(ctx: AppContext): Promise<Country[]> {
  return (await selectCountries(ctx.db.kysely)).map(toCountry);
}

export async function getCountry(ctx: AppContext, code: string): Promise<Country> {
  const row = await findCountry(ctx.db.kysely, code);
  if (!row) throw new NotFound('Country');
  return toCountry(row);
}

export async function countryExists(db: Kysely<Database>, code: string): Promise<boolean> {
  return (await findCountry(db, code)) !== undefined;
}
