import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths.js';
import { useShopI18n } from './shop-i18n.js';
import { useBasket } from './use-basket.js';

/**
 * The header's basket: a link to /cart with the number of items, marked while changes wait to be sent. Being on
 * every page once the device has used the shop, it also merges a guest basket at login and sends the outbox at
 * start-up and when the connection returns.
 */
export function BasketBadge() {
  const { t } = useShopI18n();
  const basket = useBasket();
  const label = basket.pending ? t('basket.pending', { count: basket.count }) : basket.count === 1 ? t('basket.countOne') : t('basket.count', { count: basket.count });
  return (
    <Link to={paths.cart()} className="icon-button basket-badge" aria-label={label} title={t('basket.label')} style={{ position: 'relative' }}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 8h14l-1.5 11h-11z" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" />
      </svg>
      {basket.count > 0 && (
        <span
          aria-hidden="true"
          data-testid="basket-count"
          style={{
            position: 'absolute',
            top: 2,
            right: 0,
            minWidth: 18,
            padding: '0 4px',
            borderRadius: 9,
            background: basket.pending ? 'var(--premium-text)' : 'var(--accent)',
            color: 'var(--accent-contrast)',
            fontSize: 12,
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
          }}
        >
          {basket.count}
        </span>
      )}
    </Link>
  );
}
