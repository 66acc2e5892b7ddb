import { shopEn, shopZhCN } from '../../../../shared/i18n/shop.js';
import { createFeatureI18n } from '../../../lib/feature-i18n.js';

/** The app's `useI18n`, knowing the shop's own messages too (they load with the shop's chunks). */
export const useShopI18n = createFeatureI18n({ en: shopEn, 'zh-CN': shopZhCN });

export type ShopT = ReturnType<typeof useShopI18n>['t'];
