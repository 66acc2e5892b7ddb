import type { MessageKey, Messages } from './en.js';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export type { MessageKey, Messages };

/*
 * Each catalogue is a chunk of its own: the browser build loads only its reader's language (`loadMessages`), and
 * only once a page needs more than the messages the server handed over with it. Everywhere else (the server's build, tsx, where `import.meta.env` is undefined, and the tests) every
 * catalogue is loaded before any importer of this module runs. The condition is a constant in Vite's builds, so
 * the browser's bundle keeps no top-level await (which would split the entry chunk to keep evaluation order).
 */
const importers: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en.js').then((m) => m.en),
  'zh-CN': () => import('./zh-CN.js').then((m) => m.zhCN),
};

const catalogues: Partial<Record<Language, Messages>> = {};
const loading: Partial<Record<Language, Promise<void>>> = {};

/*
 * A page rendered on the server hands the browser only the messages it showed (`recordMessages`, `primeMessages`):
 * the page hydrates without waiting for the whole catalogue, which loads when a new page opens or a text is
 * missing, and every `useI18n` user renders again then (`subscribeToMessages`).
 */
const primed: Partial<Record<Language, Partial<Messages>>> = {};
let recording: Set<MessageKey> | undefined;
let version = 0;
const listeners = new Set<() => void>();

/** Loads a language's messages, once; `translate` answers in it from then on. */
export function loadMessages(lang: Language): Promise<void> {
  if (catalogues[lang]) return Promise.resolve();
  loading[lang] ??= importers[lang]().then(
    (messages) => {
      catalogues[lang] = messages;
      version += 1;
      for (const listener of listeners) listener();
    },
    (err: unknown) => {
      delete loading[lang];
      throw err;
    },
  );
  return loading[lang];
}

/** Starts `translate` in a language with some of its messages (those a server-rendered page showed). */
export function primeMessages(lang: Language, messages: Partial<Messages>): void {
  primed[lang] = { ...primed[lang], ...messages };
}

/** Whether the whole catalogue of a language is loaded. */
export function hasMessages(lang: Language): boolean {
  return catalogues[lang] !== undefined;
}

/** Runs a synchronous render and answers the message keys it translated, with the render's result. */
export function recordMessages<T>(render: () => T): { result: T; keys: Set<MessageKey> } {
  const keys = new Set<MessageKey>();
  const outer = recording;
  recording = keys;
  try {
    return { result: render(), keys };
  } finally {
    recording = outer;
  }
}

/** Subscribes to catalogue loads (the shape `useSyncExternalStore` takes); `messagesVersion` changes with each. */
export function subscribeToMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function messagesVersion(): number {
  return version;
}

const browserBuild = import.meta.env?.SSR === false && import.meta.env.MODE !== 'test';
if (!browserBuild) await Promise.all(LANGUAGES.map(loadMessages));

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The user's choice when valid, else the best match of Accept-Language, else English. */
export function pickLanguage(choice: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(choice)) return choice;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 };
    })
    .filter((x) => x.tag && !Number.isNaN(x.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

export function translate(lang: Language, key: MessageKey, vars?: Record<string, string | number>): string {
  recording?.add(key);
  // Only some messages are here yet: the catalogue loads, and the page renders again with it.
  if (!catalogues[lang] && primed[lang]?.[key] === undefined) void loadMessages(lang).catch(() => undefined);
  // A key missing from a catalogue shows the English text (when loaded), or the key itself, never `undefined`.
  const template: string = catalogues[lang]?.[key] ?? primed[lang]?.[key] ?? catalogues.en?.[key] ?? key;
  return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
}
