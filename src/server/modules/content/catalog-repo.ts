import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LANGUAGES, type Language } from '../../../shared/i18n/index.js';
import type { Engine } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import { likeContains } from './search/terms.js';

/** Catalogue tables: rows with a name unique whatever its case and a unique slug. */
export type CatalogTable = 'categories' | 'tags' | 'topics';

/** A search of a catalogue list by name: the text, and the engine, whose JSON syntax reads the translated names. */
export interface NameSearch {
  q: string;
  engine: Engine;
}

/** The search for `q` on `engine`, or none when `q` is missing or empty (an empty `q` filters nothing). */
export const nameSearch = (engine: Engine, q: string | undefined): NameSearch | undefined => (q ? { q, engine } : undefined);

/** A row's name in `lang` from its `translations` JSON (`{"zh-CN": {"name": ...}}`): null when it has none. */
function translatedName(table: CatalogTable, lang: Language, engine: Engine): RawBuilder<string | null> {
  const column = sql.ref(`${table}.translations`);
  return engine === 'postgres'
    ? sql<string | null>`(${column}::json -> ${sql.lit(lang)} ->> 'name')`
    : sql<string | null>`json_extract(${column}, ${sql.lit(`$."${lang}".name`)})`;
}

// Kysely's builder has no ESCAPE clause; this form means the same on SQLite and PostgreSQL.
/**
 * Rows whose name contains q whatever its case, the LIKE wildcards in q taken literally: the default name or
 * the name in any language the row has one in (a reader searches the names they are shown). Rows without
 * translations (`{}`, most of them) are not parsed.
 */
export function nameContains(table: CatalogTable, search: NameSearch): RawBuilder<boolean> {
  const pattern = sql`lower(${likeContains(search.q)})`;
  const matches = (text: RawBuilder<unknown>) => sql`lower(${text}) like ${pattern} escape '\\'`;
  const translated = LANGUAGES.map((lang) => matches(translatedName(table, lang, search.engine)));
  return sql<boolean>`(${matches(sql.ref(`${table}.name`))} or (${sql.ref(`${table}.translations`)} <> '{}' and (${sql.join(translated, sql` or `)})))`;
}

/**
 * Rows whose name in another language is `name` whatever its case: what a `.../name/{name}` lookup falls back
 * to when no default name matches, so the name a reader is shown opens the page too.
 */
export function translatedNameIs(table: CatalogTable, name: string, engine: Engine): RawBuilder<boolean> {
  const wanted = sql`lower(${name})`;
  const translated = LANGUAGES.map((lang) => sql`lower(${translatedName(table, lang, engine)}) = ${wanted}`);
  return sql<boolean>`(${sql.ref(`${table}.translations`)} <> '{}' and (${sql.join(translated, sql` or `)}))`;
}

/** How many rows there are, or with a search how many whose name contains it: the rows `nameContains` lists. */
export async function countNamed(db: Kysely<Database>, table: CatalogTable, search: NameSearch | undefined): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (search) query = query.where(nameContains(table, search));
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The first of `names` that another row (than `exceptId`) bears, whatever its case, as its name or as its name
 * in another language: the `.../name/{name}` lookups ignore case and fall back to translated names, so a name
 * borne twice would open only one of the two.
 */
export async function takenName(db: Kysely<Database>, table: CatalogTable, names: string[], engine: Engine, exceptId?: number): Promise<string | undefined> {
  for (const name of names) {
    let query = db
      .selectFrom(table)
      .select('id')
      .where((eb) => eb.or([eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])), translatedNameIs(table, name, engine)]));
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    if ((await query.executeTakeFirst()) !== undefined) return name;
  }
  return undefined;
}

export async function slugTaken(db: Kysely<Database>, table: CatalogTable, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
