import { translate, type Language, type MessageKey, type Messages } from '../../shared/i18n/index.js';

/**
 * Messages a page may show right after hydration without the server having shown them: the header's account
 * corner once the stored session is read, the session notice, the offline indicator, the update prompt and
 * the paywall once the reader's access is known, and the share button's answer.
 */
const AFTER_HYDRATION: RegExp[] = [/^auth\.(login|logout|yourAccount|member|sessionEnded|tokenInvalid)$/, /^article\.(linkCopied|copyFailed)$/, /^delete\.done$/, /^offline\./, /^update\./, /^paywall\./];

/**
 * The messages handed to the browser with a server-rendered page: those the render used, and those the page
 * may show just after hydration. The rest of the catalogue loads when the reader opens another page.
 */
export function firstPaintMessages(lang: Language, used: Iterable<MessageKey>, all: readonly MessageKey[]): Partial<Messages> {
  const keys = new Set<MessageKey>(used);
  for (const key of all) if (AFTER_HYDRATION.some((pattern) => pattern.test(key))) keys.add(key);
  const out: Partial<Messages> = {};
  for (const key of keys) out[key] = translate(lang, key);
  return out;
}
