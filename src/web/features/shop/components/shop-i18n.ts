import { useMemo } from 'react';
import type { MessageKey } from '../../../../shared/i18n/index.js';
import { shopEn, shopZhCN, type ShopMessageKey } from '../../../../shared/i18n/shop.js';
import { useI18n } from '../../../app/context.js';

const catalogues = { en: shopEn, 'zh-CN': shopZhCN } as const;

const isShopKey = (key: string): key is ShopMessageKey => key in shopEn;

/**
 * The app's `useI18n`, knowing the shop's own messages too (they load with the shop's chunks, not with the main
 * catalogue); any other key is the main catalogue's.
 */
export function useShopI18n() {
  const { lang, t: main } = useI18n();
  return useMemo(() => {
    const t = (key: ShopMessageKey | MessageKey, vars?: Record<string, string | number>): string => {
      if (!isShopKey(key)) return main(key, vars);
      const template: string = catalogues[lang][key];
      return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
    };
    return { lang, t, main };
  }, [lang, main]);
}

export type ShopT = ReturnType<typeof useShopI18n>['t'];
