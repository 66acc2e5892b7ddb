import { isLanguage, type Language } from '../../shared/i18n/index.js';

/** A row's `translations` column as read: by language, the versions of the fields that have one. */
export type StoredTranslations = Partial<Record<Language, Record<string, string>>>;

/** What a write sends: by language, the fields to keep a version of (an empty or missing one is none). */
export type TranslationsInput = Partial<Record<Language, Record<string, string | undefined> | undefined>>;

/** The column's JSON, read leniently: anything that is not an object of language to strings is no translation. */
export function parseTranslations(json: string | null | undefined): StoredTranslations {
  if (!json) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const result: StoredTranslations = {};
  for (const [lang, fields] of Object.entries(value as Record<string, unknown>)) {
    if (!isLanguage(lang) || !fields || typeof fields !== 'object') continue;
    const texts: Record<string, string> = {};
    for (const [field, text] of Object.entries(fields as Record<string, unknown>)) if (typeof text === 'string' && text.trim()) texts[field] = text;
    result[lang] = texts;
  }
  return result;
}

/** The column's JSON for what a write sent: empty versions left out, so they fall back to the default text. */
export function serializeTranslations(input: TranslationsInput): string {
  const kept: StoredTranslations = {};
  for (const [lang, fields] of Object.entries(input)) {
    if (!isLanguage(lang) || !fields) continue;
    const texts = Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
    if (Object.keys(texts).length) kept[lang] = texts;
  }
  return JSON.stringify(kept);
}

/**
 * The texts in `lang`: each field's version in that language when the row has one, else the default
 * language's text it was given.
 */
export function localised<T extends Record<string, string>>(texts: T, translations: string | null | undefined, lang: Language): T {
  const versions = parseTranslations(translations)[lang];
  if (!versions) return texts;
  const result: Record<string, string> = { ...texts };
  for (const field of Object.keys(texts)) if (versions[field] !== undefined) result[field] = versions[field];
  return result as T;
}

/** A category, tag or topic row as joined into article cards: its id, default name and translations. */
export interface NamedRow {
  id: number;
  name: string;
  translations: string | null;
}

/**
 * The names of catalogue rows in `lang`, by id: each row's translations parsed once, however many cards
 * carry it (a tag on twenty cards of a page is still one parse). Rows without translations are not parsed.
 */
export function namesIn(lang: Language | undefined) {
  const names = new Map<number, string>();
  return (row: NamedRow): string => {
    let name = names.get(row.id);
    if (name === undefined) {
      name = !lang || !row.translations || row.translations === '{}' ? row.name : (parseTranslations(row.translations)[lang]?.name ?? row.name);
      names.set(row.id, name);
    }
    return name;
  };
}
