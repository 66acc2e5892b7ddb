import type { Language } from '../../../shared/i18n/index.js';
import { serverMessagesZh } from '../../../shared/i18n/server-messages.js';
import { ApiError } from '../../lib/http.js';

const catalogues: Partial<Record<Language, Record<string, string>>> = { 'zh-CN': serverMessagesZh };

/** A server text in the reader's language when the catalogue knows it; a `field: text` message keeps its field name off. */
function translate(text: string, own: Record<string, string>, field?: string): string {
  if (own[text]) return own[text];
  const prefix = field ? `${field}: ` : /^[\w.]+: /.exec(text)?.[0];
  if (prefix && text.startsWith(prefix) && own[text.slice(prefix.length)]) return own[text.slice(prefix.length)];
  return text;
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
  return new ApiError(translate(error.message, own, only), error.status, error.code, fields);
}
