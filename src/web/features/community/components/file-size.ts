import type { Language } from '../../../../shared/i18n/index.js';

/** A file's size as readers read it: bytes, KB, then MB with one decimal. */
export function fileSize(bytes: number, lang: Language): string {
  const number = (value: number, digits: number) => value.toLocaleString(lang, { maximumFractionDigits: digits, minimumFractionDigits: digits });
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${number(Math.ceil(bytes / 1024), 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}
