import { sql, type RawBuilder } from 'kysely';

/** `%`, `_` and `\` in what a reader typed are text, not patterns: escaped for `like … escape '\'`. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Whether `column` contains `text`, ignoring case on both engines (lower-cased on both sides: SQLite's LIKE
 * ignores case and PostgreSQL's does not), with the escape clause SQLite needs before `\%` means a percent sign.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text.toLowerCase())} escape '\\'`;
}

/** Whether `column` contains `text` as it is written (a URL in a body, say), wildcards in it taken literally. */
export function includesText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(text)} escape '\\'`;
}
