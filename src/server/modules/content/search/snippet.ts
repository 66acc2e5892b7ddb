import type { SearchPlan } from './terms.js';

/**
 * Search snippets, built the same way for both engines: the text around the first match, HTML-escaped,
 * every match inside wrapped in <mark>. Matching folds case and diacritics, like the word index does.
 */

export const SNIPPET_LENGTH = 180;
/** How much text comes before the first match. */
const LEAD = 50;
/** How far a cut may move to land between words. */
const SNAP = 15;
const ELLIPSIS = '…';

interface Needle {
  text: string;
  /** Must start at a word start (words mode). */
  wordStart: boolean;
  /** May end inside a word (the last word of a words query; every substring term). */
  prefix: boolean;
}

interface Folded {
  text: string;
  /** Index in the original string of the character each folded code unit came from; one extra at the end. */
  origin: Int32Array;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const MARKS = /\p{M}/gu;

const foldChar = (ch: string): string =>
  ch.charCodeAt(0) < 0x80 ? ch.toLowerCase() : ch.normalize('NFD').replace(MARKS, '').toLowerCase();

export function foldText(text: string): Folded {
  // ASCII needs no decomposition, and is most bodies: one lower-casing, positions unchanged.
  if (!/[\u0080-\uffff]/.test(text)) {
    const origin = new Int32Array(text.length + 1);
    for (let i = 0; i <= text.length; i += 1) origin[i] = i;
    return { text: text.toLowerCase(), origin };
  }
  let folded = '';
  const origin: number[] = [];
  let at = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    folded += f;
    for (let k = 0; k < f.length; k += 1) origin.push(at);
    at += ch.length;
  }
  origin.push(text.length);
  return { text: folded, origin: Int32Array.from(origin) };
}

const foldTerm = (term: string) => foldText(term.normalize('NFC')).text;

export function needlesOf(plan: SearchPlan): Needle[] {
  if (plan.mode === 'words') {
    return plan.words.map((w, i) => ({ text: foldTerm(w), wordStart: true, prefix: i === plan.words.length - 1 }));
  }
  return plan.terms.map((t) => ({ text: foldTerm(t), wordStart: false, prefix: true }));
}

const isWordAt = (text: string, index: number) => index >= 0 && index < text.length && WORD_CHAR.test(text[index]);

/** Match ranges in the original text, sorted and merged. */
export function findMatches(text: string, needles: Needle[]): Array<[number, number]> {
  const folded = foldText(text);
  const ranges: Array<[number, number]> = [];
  for (const needle of needles) {
    if (!needle.text) continue;
    for (let i = folded.text.indexOf(needle.text); i !== -1; i = folded.text.indexOf(needle.text, i + 1)) {
      const end = i + needle.text.length;
      if (needle.wordStart && isWordAt(folded.text, i - 1)) continue;
      if (!needle.prefix && isWordAt(folded.text, end)) continue;
      ranges.push([folded.origin[i], folded.origin[end]]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

const isLowSurrogate = (text: string, i: number) => {
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff;
};

/** Moves a cut to a space nearby when it would split a word, and never between a surrogate pair. */
function snapStart(text: string, start: number): number {
  if (start <= 0) return 0;
  if (isWordAt(text, start - 1) && isWordAt(text, start)) {
    const space = text.slice(start, start + SNAP).search(/\s/);
    if (space !== -1) return start + space + 1;
  }
  return isLowSurrogate(text, start) ? start + 1 : start;
}

function snapEnd(text: string, end: number, floor: number): number {
  if (end >= text.length) return text.length;
  if (isWordAt(text, end - 1) && isWordAt(text, end)) {
    const space = text.slice(Math.max(floor, end - SNAP), end).search(/\s\S*$/);
    if (space !== -1) return Math.max(floor, end - SNAP) + space;
  }
  return isLowSurrogate(text, end) ? end - 1 : end;
}

/** The window around the first match with the matches marked, or null when the text does not match. */
export function markedSnippet(text: string, needles: Needle[], length = SNIPPET_LENGTH): string | null {
  const matches = findMatches(text, needles);
  if (matches.length === 0) return null;
  const [firstStart, firstEnd] = matches[0];
  let start = Math.max(0, firstStart - LEAD);
  let end = Math.min(text.length, start + length);
  if (end === text.length) start = Math.max(0, end - length);
  start = Math.min(snapStart(text, start), firstStart);
  end = Math.max(snapEnd(text, end, firstEnd), firstEnd);
  let html = start > 0 ? ELLIPSIS : '';
  let at = start;
  for (const [s, e] of matches) {
    if (s < start || e > end) continue;
    html += `${escapeHtml(text.slice(at, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    at = e;
  }
  html += escapeHtml(text.slice(at, end));
  return end < text.length ? html + ELLIPSIS : html;
}

/** The opening of a text, escaped: the snippet when nothing the caller may read matches. */
export function leadSnippet(text: string, length = SNIPPET_LENGTH): string {
  if (text.length <= length) return escapeHtml(text);
  return escapeHtml(text.slice(0, snapEnd(text, length, 1))) + ELLIPSIS;
}

export interface SnippetSource {
  title: string;
  summary: string;
  /** The body text, or null when the caller may not read the article: then it is never looked at. */
  body: string | null;
}

/** From the body where it matches, else the summary, else the title; else the opening of the summary. */
export function buildSnippet(source: SnippetSource, plan: SearchPlan, length = SNIPPET_LENGTH): string {
  const needles = needlesOf(plan);
  for (const text of [source.body ?? '', source.summary, source.title]) {
    const marked = markedSnippet(text, needles, length);
    if (marked !== null) return marked;
  }
  return leadSnippet(source.summary || source.title, length);
}
