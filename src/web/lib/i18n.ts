import { translate, type Language, type MessageKey, type Messages } from '../../shared/i18n/index.js';

/**
 * Messages a page may show right after hydration without the server having shown them: the header's account
 * corner once the stored session is read, the session notice, the offline indicator, the update prompt and
 * the paywall once the reader's access is known, and the share button's answer.
 */
const AFTER_HYDRATION: RegExp[] = [/^auth\.(login|logout|yourAccount|member|sessionEnded|tokenInvalid)$/, /^article\.(linkCopied|copyFailed)$/, /^delete\.done$/, /^offline\./, /^update\./, /^paywall\./];

/**
 * Namespaces every page brings whole: what a form says after a tap (a refused call, a field's check, a throttled
 * login) is often kept as text in the form's state, so it must be there before the catalogue is.
 */
const ALWAYS: readonly string[] = ['auth', 'http', 'validation'];

const namespaceOf = (key: string) => key.slice(0, key.indexOf('.'));

/**
 * The messages handed to the browser with a server-rendered page: every message of each namespace the render
 * used (a login page that shows `login.*` texts brings its error texts too), the namespaces of `ALWAYS`, and those
 * the page may show just after hydration. The rest of the catalogue loads when the reader opens another page.
 */
export function firstPaintMessages(lang: Language, used: Iterable<MessageKey>, all: readonly MessageKey[]): Partial<Messages> {
  const keys = new Set<MessageKey>(used);
  const namespaces = new Set<string>([...ALWAYS, ...[...keys].map(namespaceOf)]);
  for (const key of all) if (namespaces.has(namespaceOf(key)) || AFTER_HYDRATION.some((pattern) => pattern.test(key))) keys.add(key);
  const out: Partial<Messages> = {};
  for (const key of keys) out[key] = translate(lang, key);
  return out;
}
