import { en, type MessageKey, type Messages } from './en.js';
import { zhCN } from './zh-CN.js';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export type { MessageKey, Messages };

const catalogues: Record<Language, Messages> = { en, 'zh-CN': zhCN };

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
  // A key missing from a catalogue shows the English text, or the key itself, never `undefined`.
  const template: string = catalogues[lang][key] ?? en[key] ?? key;
  return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
}
