import { useMemo } from 'react';
import { offlineEn, offlineZhCN, type OfflineMessageKey } from '../../../shared/i18n/offline.js';
import type { MessageKey } from '../../../shared/i18n/index.js';
import { useI18n } from '../../app/context.js';

const catalogues = { en: offlineEn, 'zh-CN': offlineZhCN } as const;

const isOfflineKey = (key: string): key is OfflineMessageKey => key in offlineEn;

/** Sizes as readers read them: KB up to a megabyte, MB with one decimal above. */
export function formatBytes(bytes: number, lang: string): string {
  const format = (value: number, digits: number) => value.toLocaleString(lang, { maximumFractionDigits: digits, minimumFractionDigits: digits });
  if (bytes < 1024 * 1024) return `${format(Math.max(1, Math.ceil(bytes / 1024)), 0)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${format(bytes / (1024 * 1024), 1)} MB`;
  return `${format(bytes / (1024 * 1024 * 1024), 1)} GB`;
}

/**
 * The app's `useI18n`, knowing the offline library's messages too (which load with the pages that show
 * them, not with the main catalogue); any other key is the main catalogue's.
 */
export function useOfflineI18n() {
  const { lang, t: main } = useI18n();
  return useMemo(() => {
    const t = (key: OfflineMessageKey | MessageKey, vars?: Record<string, string | number>): string => {
      if (!isOfflineKey(key)) return main(key, vars);
      const template: string = catalogues[lang][key];
      return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
    };
    return { lang, t, size: (bytes: number) => formatBytes(bytes, lang) };
  }, [lang, main]);
}
