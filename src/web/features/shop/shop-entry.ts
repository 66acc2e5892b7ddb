import type { Language } from '../../../shared/i18n/index.js';

/*
 * The little of the shop that every page carries: the menu entry's name and the mark that this device has used
 * the basket (the header loads the basket badge, with Dexie and the shop's messages, only then). Everything else
 * of the shop loads with its own pages.
 */

/** The menu entry's name in each language (kept here, not in the shop's messages, which load with its pages). */
export const SHOP_NAV_LABEL: Record<Language, string> = { en: 'Shop', 'zh-CN': '商店' };

/** localStorage key set once this device has put something in a basket or opened the basket page. */
export const SHOP_USED_KEY = 'lectern.shop';
/** Dispatched on window when the mark is first set in this tab (other tabs hear the `storage` event). */
export const SHOP_USED_EVENT = 'lectern-shop-used';

export function shopUsed(): boolean {
  try {
    return window.localStorage.getItem(SHOP_USED_KEY) === '1';
  } catch {
    return false;
  }
}

export function markShopUsed(): void {
  if (shopUsed()) return;
  try {
    window.localStorage.setItem(SHOP_USED_KEY, '1');
  } catch {
    // Storage refused (private mode): the badge stays away, the basket page still works.
    return;
  }
  window.dispatchEvent(new Event(SHOP_USED_EVENT));
}
