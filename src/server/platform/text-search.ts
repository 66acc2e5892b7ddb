import { SqliteAdapter, sql, type RawBuilder } from 'kysely';

/** `%`, `_` and `\` in what a reader typed are text, not patterns: escaped for `like … escape '\'`. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether `column` contains `text`, ignoring case, with the escape clause SQLite needs before `\%` means a percent
 * sign. SQLite: its LIKE ignores ASCII case, as its `lower()` only folds ASCII, so the column is compared as it is:
 * no function per row, and the count of a search can read the narrowest index holding the column. PostgreSQL's
 * LIKE does not ignore case: both sides are lower-cased.
 */
export function containsText(db: { getExecutor(): { readonly adapter: object } }, column: string, text: string): RawBuilder<boolean> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return sql<boolean>`${sql.ref(column)} like ${likePattern(text)} escape '\\'`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text.toLowerCase())} escape '\\'`;
}

/** Whether `column` contains `text` as it is written (a URL in a body, say), wildcards in it taken literally. */
export function includesText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(text)} escape '\\'`;
}
