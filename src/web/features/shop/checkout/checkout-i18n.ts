import { checkoutEn, checkoutZhCN } from '../../../../shared/i18n/checkout.js';
import { shopEn, shopZhCN } from '../../../../shared/i18n/shop.js';
import { createFeatureI18n } from '../../../lib/feature-i18n.js';

/** The shop's messages and the checkout's own (both load with the checkout's chunks only). */
export const useCheckoutI18n = createFeatureI18n({ en: { ...shopEn, ...checkoutEn }, 'zh-CN': { ...shopZhCN, ...checkoutZhCN } });

export type CheckoutT = ReturnType<typeof useCheckoutI18n>['t'];
