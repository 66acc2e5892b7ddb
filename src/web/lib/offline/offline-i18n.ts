import { useMemo } from 'react';
import { offlineEn, offlineZhCN } from '../../../shared/i18n/offline.js';
import { createFeatureI18n } from '../feature-i18n.js';

/** Sizes as readers read them: KB up to a megabyte, MB with one decimal above. */
export function formatBytes(bytes: number, lang: string): string {
  const format = (value: number, digits: number) => value.toLocaleString(lang, { maximumFractionDigits: digits, minimumFractionDigits: digits });
  if (bytes < 1024 * 1024) return `${format(Math.max(1, Math.ceil(bytes / 1024)), 0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${format(bytes / (1024 * 1024), 1)} MB`;
  return `${format(bytes / (1024 * 1024 * 1024), 1)} GB`;
}

const useFeatureI18n = createFeatureI18n({ en: offlineEn, 'zh-CN': offlineZhCN });

/** The app's `useI18n`, knowing the offline library's messages too, and sizes in the reader's language. */
export function useOfflineI18n() {
  const { lang, t } = useFeatureI18n();
  return useMemo(() => ({ lang, t, size: (bytes: number) => formatBytes(bytes, lang) }), [lang, t]);
}
