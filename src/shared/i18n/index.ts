import type { MessageKey, Messages } from './en.js';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export type { MessageKey, Messages };

/*
 * Each catalogue is a chunk of its own: the browser build loads only its reader's language (`loadMessages`, before
 * it renders). Everywhere else (the server's build, tsx, where `import.meta.env` is undefined, and the tests) every
 * catalogue is loaded before any importer of this module runs. The condition is a constant in Vite's builds, so
 * the browser's bundle keeps no top-level await (which would split the entry chunk to keep evaluation order).
 */
const importers: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en.js').then((m) => m.en),
  'zh-CN': () => import('./zh-CN.js').then((m) => m.zhCN),
};

const catalogues: Partial<Record<Language, Messages>> = {};

/** Loads a language's messages, once; `translate` answers in it from then on. */
export async function loadMessages(lang: Language): Promise<void> {
  catalogues[lang] ??= await importers[lang]();
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
  // A key missing from a catalogue shows the English text (when loaded), or the key itself, never `undefined`.
  const template: string = catalogues[lang]?.[key] ?? catalogues.en?.[key] ?? key;
  return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
}
