import { SqliteAdapter, sql, type RawBuilder } from 'kysely';

/** `%`, `_` and `\` in what a reader typed are text, not patterns: escaped for `like … escape '\'`. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type AnyDb = { getExecutor(): { readonly adapter: object } };

const onSqlite = (db: AnyDb): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * SQLite's LIKE with the text as its pattern. The escape clause is written only when the text has a character to
 * escape: without one the two match the same rows, and SQLite compares a third faster without the clause (a title
 * search counts every title of the site).
 */
const sqliteLike = (column: string, text: string): RawBuilder<boolean> =>
  /[\\%_]/.test(text) ? sql<boolean>`${sql.ref(column)} like ${likePattern(text)} escape '\\'` : sql<boolean>`${sql.ref(column)} like ${`%${text}%`}`;

/**
 * Whether `column` contains `text`, ignoring case, with the escape clause SQLite needs before `\%` means a percent
 * sign. SQLite: its LIKE ignores ASCII case, as its `lower()` only folds ASCII, so the column is compared as it is:
 * no function per row, and the count of a search can read the narrowest index holding the column. PostgreSQL:
 * ILIKE, which a trigram index of the column serves where there is one.
 */
export function containsText(db: AnyDb, column: string, text: string): RawBuilder<boolean> {
  if (onSqlite(db)) return sqliteLike(column, text);
  return sql<boolean>`${sql.ref(column)} ilike ${likePattern(text)} escape '\\'`;
}

/** Whether `column` contains `text` as it is written (a URL in a body, say), wildcards in it taken literally. */
export function includesText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(text)} escape '\\'`;
}
