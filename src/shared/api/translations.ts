import { z } from 'zod';
import { LANGUAGES } from '../i18n/index.js';

/** A site language, as a `lang` query parameter names the language of an answer's editorial texts. */
export const languageField = z.enum(LANGUAGES);

/**
 * The versions of some text fields in other languages than the default, by language; a field left out
 * (or empty) falls back to the default text. Unknown languages and fields are refused, each named.
 */
export const translationsOf = <F extends z.ZodRawShape>(fields: F) => {
  const variant = z.strictObject(fields).partial();
  return z.strictObject(Object.fromEntries(LANGUAGES.map((lang) => [lang, variant.optional()])) as Record<(typeof LANGUAGES)[number], z.ZodOptional<typeof variant>>);
};
