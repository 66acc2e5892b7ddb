/**
 * How a search box query is matched. Text without CJK characters is matched by words (the last word also
 * as a prefix, so results follow the typing). Chinese, Japanese and Korean have no spaces between words,
 * so a query containing them is matched by substrings: each space-separated term must occur somewhere.
 */
export type SearchPlan = { mode: 'words'; words: string[] } | { mode: 'substrings'; terms: string[] };

/** Bounds the size of the generated MATCH / LIKE expressions whatever the user pastes. */
const MAX_TERMS = 12;

const CJK = /[\u1100-\u11ff\u2e80-\u2fdf\u3040-\u30ff\u3100-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u{20000}-\u{3134f}]/u;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export const hasCjk = (text: string): boolean => CJK.test(text);

const unique = (items: string[]) => [...new Set(items)].slice(0, MAX_TERMS);

/** The plan for a query, or null when it holds nothing searchable (only punctuation, say). */
export function planSearch(query: string): SearchPlan | null {
  const text = query.normalize('NFC');
  if (hasCjk(text)) {
    const terms = unique(text.split(/\s+/).filter(Boolean));
    return terms.length ? { mode: 'substrings', terms } : null;
  }
  const words = unique((text.toLowerCase().match(WORD) ?? []));
  return words.length ? { mode: 'words', words } : null;
}

/** Length in characters (code points), which is what the trigram tokenizer counts. */
export const charLength = (term: string): number => [...term].length;

/** The trigram index only answers terms of three characters or more; shorter ones need a scan. */
export const TRIGRAM_MIN = 3;

/** FTS5 MATCH for the unicode61 table: every word as a quoted string, the last one as a prefix too. */
export function ftsWordsExpression(words: string[]): string {
  return words.map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

/** FTS5 MATCH for the trigram table: each term as a quoted phrase, so no user text is read as syntax. */
export function ftsSubstringExpression(terms: string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' ');
}

/** An FTS5 expression limited to some columns (a column filter over the whole bracketed expression). */
export function ftsInColumns(columns: string[], expression: string): string {
  return `{${columns.join(' ')}} : (${expression})`;
}

/**
 * PostgreSQL to_tsquery text: words joined by AND, the last one as a prefix. The words hold only letters,
 * digits and marks (see WORD), so quoting them cannot break the tsquery syntax.
 */
export function tsQueryExpression(words: string[]): string {
  return words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/** A LIKE pattern that finds the term anywhere, with LIKE's own characters escaped (ESCAPE '\'). */
export function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
