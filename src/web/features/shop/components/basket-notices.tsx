import type { Language } from '../../../../shared/i18n/index.js';
import type { BasketNoticeRow } from '../../../lib/db.js';
import { formatPrice } from '../../../lib/price.js';
import { localiseServerText } from '../../../ui/forms/server-messages.js';
import { useShopI18n, type ShopT } from './shop-i18n.js';

/** A notice in the shopper's language, from its code and figures (a refusal's reason from the server's catalogue). */
export function noticeText(t: ShopT, lang: Language, n: BasketNoticeRow): string {
  const title = n.title || t('notice.product');
  const money = (v: number | null) => (v === null ? '' : formatPrice(lang, v, n.currency || 'CNY'));
  switch (n.code) {
    case 'price_changed':
      return t('notice.price_changed', { title, old: money(n.old), new: money(n.new) });
    case 'quantity_clamped':
      return t('notice.quantity_clamped', { title, old: n.old ?? '', new: n.new ?? '' });
    case 'out_of_stock':
    case 'product_withdrawn':
      return t(`notice.${n.code}`, { title });
    case 'voucher_removed':
    case 'shipping_method_removed':
      return t(`notice.${n.code}`);
    case 'merged':
      return n.new === 1 ? t('notice.mergedOne') : t('notice.merged', { count: n.new ?? 0 });
    case 'gone':
      return t('notice.gone', { title });
    default:
      return t('notice.refused', { title, reason: localiseServerText(n.reason, lang) });
  }
}

/** What the server changed or refused in the basket, until the shopper dismisses it. */
export function BasketNotices({ notices, onDismiss }: { notices: BasketNoticeRow[]; onDismiss: () => void }) {
  const { t, lang } = useShopI18n();
  if (notices.length === 0) return null;
  return (
    <section className="basket-notices" role="alert" aria-labelledby="basket-notices-title">
      <h2 id="basket-notices-title">{t('cart.notices')}</h2>
      <ul>
        {notices.map((n) => (
          <li key={n.id}>{noticeText(t, lang, n)}</li>
        ))}
      </ul>
      <button type="button" className="button button--small button--quiet" onClick={onDismiss}>
        {t('cart.dismiss')}
      </button>
    </section>
  );
}
