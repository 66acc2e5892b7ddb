import type { Language, MessageKey } from '../../../shared/i18n/index.js';
import { serverMessagesZh } from '../../../shared/i18n/server-messages.js';
import { describeError } from '../../lib/api-messages.js';
import { ApiError } from '../../lib/http.js';

const catalogues: Partial<Record<Language, Record<string, string>>> = { 'zh-CN': serverMessagesZh };

/** A catalogue key with `{name}` parts (a count, a title, an amount) as a pattern over the server's whole text. */
interface Pattern {
  match: RegExp;
  text: string;
  /** How much of the key is its own words, not parts filled in. */
  fixed: number;
}

const patterns = new WeakMap<Record<string, string>, Pattern[]>();

function patternsOf(own: Record<string, string>): Pattern[] {
  let found = patterns.get(own);
  if (!found) {
    found = Object.entries(own)
      .filter(([key]) => /\{\w+\}/.test(key))
      .map(([key, text]) => {
        const source = key
          .split(/(\{\w+\})/)
          .map((part) => (/^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('');
        return { match: new RegExp(`^${source}$`, 's'), text, fixed: key.replace(/\{\w+\}/g, '').length };
      })
      // The most specific first: `Only {count} of "{title}" in stock.` before `Only {count} in stock.`.
      .sort((a, b) => b.fixed - a.fixed);
    patterns.set(own, found);
  }
  return found;
}

/** The catalogue's text for a server text: its own entry, or the entry whose pattern it fills in, with the parts put in. */
function lookup(text: string, own: Record<string, string>): string | undefined {
  if (Object.hasOwn(own, text)) return own[text];
  for (const pattern of patternsOf(own)) {
    const parts = pattern.match.exec(text)?.groups;
    // A part the catalogue knows as a text of its own (the name of a thing in "{what} not found.") is put in translated.
    if (parts) return pattern.text.replace(/\{(\w+)\}/g, (whole, name: string) => (parts[name] === undefined ? whole : Object.hasOwn(own, parts[name]) ? own[parts[name]] : parts[name]));
  }
  return undefined;
}

/** A server text in the reader's language when the catalogue knows it; a `field: text` message keeps its field name off. */
function translate(text: string, own: Record<string, string>, field?: string): string {
  const whole = lookup(text, own);
  if (whole !== undefined) return whole;
  const prefix = field ? `${field}: ` : /^[\w.]+: /.exec(text)?.[0];
  const rest = prefix && text.startsWith(prefix) ? lookup(text.slice(prefix.length), own) : undefined;
  return rest ?? text;
}

/**
 * A server text the page keeps apart from its error (a refused basket change's reason, a voucher's description),
 * in the reader's language where the catalogue knows it, else unchanged.
 */
export function localiseServerText(text: string, lang: Language): string {
  const own = catalogues[lang];
  return own ? translate(text, own) : text;
}

/**
 * A refused call's answer as a form shows it to the reader: in their language where the server's English text is
 * known (the field messages and the message above the button), else unchanged. Throttling (429) is left as it is:
 * its message carries the wait, which `describeError` reads and words itself.
 */
export function localiseApiError(error: unknown, lang: Language): unknown {
  const own = catalogues[lang];
  if (!own || !(error instanceof ApiError) || error.status === 429 || error.status >= 500) return error;
  const fields = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([name, text]) => [name, translate(text, own)])) : undefined;
  const only = error.fields && Object.keys(error.fields).length === 1 ? Object.keys(error.fields)[0] : undefined;
  return new ApiError(translate(error.message, own, only), error.status, error.code, fields, error.changes?.map((text) => translate(text, own)));
}

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * What to tell the reader about a failed call outside a form (a button's inline error, a list that did not load):
 * `describeError` over the answer in the reader's language, so a Chinese reader never meets the server's English.
 */
export function describeServerError(error: unknown, t: Translate, lang: Language): string {
  return describeError(localiseApiError(error, lang), t, lang);
}
