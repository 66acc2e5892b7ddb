import { useMemo } from 'react';
import { checkoutEn, checkoutZhCN, type CheckoutMessageKey } from '../../../../shared/i18n/checkout.js';
import { useShopI18n, type ShopT } from '../components/shop-i18n.js';

const catalogues = { en: checkoutEn, 'zh-CN': checkoutZhCN } as const;

const isCheckoutKey = (key: string): key is CheckoutMessageKey => key in checkoutEn;

/** The shop's `t`, knowing the checkout's own messages too (loaded with the checkout's chunks only). */
export function useCheckoutI18n() {
  const { lang, t: shop, main } = useShopI18n();
  return useMemo(() => {
    const t = (key: CheckoutMessageKey | Parameters<ShopT>[0], vars?: Record<string, string | number>): string => {
      if (!isCheckoutKey(key)) return shop(key, vars);
      const template: string = catalogues[lang][key];
      return vars ? template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : template;
    };
    return { lang, t, main };
  }, [lang, shop, main]);
}

export type CheckoutT = ReturnType<typeof useCheckoutI18n>['t'];
