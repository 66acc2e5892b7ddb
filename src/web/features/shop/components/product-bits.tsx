import { Link } from 'react-router-dom';
import type { Availability, Price, ProductCard as Card } from '../../../../shared/api/shop.js';
import { paths } from '../../../app/paths.js';
import { formatPrice } from '../../../lib/price.js';
import { useShopI18n, type ShopT } from './shop-i18n.js';

/** At or below this many left, a product says how few. */
const FEW_LEFT = 5;

/** Availability in the reader's language (the server's `message` is English). */
export function stockText(t: ShopT, availability: Availability): { text: string; tone: '' | 'low' | 'none' } {
  const left = availability.num_available;
  if (!availability.is_available_to_buy) return left === 0 ? { text: t('shop.outOfStock'), tone: 'none' } : { text: t('shop.unavailable'), tone: 'none' };
  if (left === null) return { text: t('shop.available'), tone: '' };
  if (left <= FEW_LEFT) return { text: t('shop.fewLeft', { count: left }), tone: 'low' };
  return { text: t('shop.inStock'), tone: '' };
}

export function StockNote({ availability }: { availability: Availability }) {
  const { t } = useShopI18n();
  const { text, tone } = stockText(t, availability);
  return <span className={tone ? `stock stock--${tone}` : 'stock'}>{text}</span>;
}

export function PriceTag({ price, availability }: { price: Price | null; availability: Availability }) {
  const { t, lang } = useShopI18n();
  return (
    <p className="price-tag">
      <span className="price-tag__amount">{price ? formatPrice(lang, price.incl_tax, price.currency) : t('shop.noPrice')}</span>
      <StockNote availability={availability} />
    </p>
  );
}

/**
 * A product in the grid (two a row on a phone): picture, class, title and price card (price and availability).
 * A product without a picture gets a compact card, its words only, rather than an empty box a screen tall.
 */
export function ProductCard({ product }: { product: Card }) {
  const { t } = useShopI18n();
  return (
    <article className={product.image ? 'card product-card' : 'card product-card product-card--compact'}>
      {product.image && <img className="product-card__cover" src={product.image} alt="" loading="lazy" decoding="async" width={400} height={300} />}
      <div className="card__body">
        <p className="badges">
          <span className="badge">{t(`shop.class.${product.product_class}`)}</span>
        </p>
        <h2 className="card__title">
          <Link to={paths.product(product.id)}>{product.title}</Link>
        </h2>
        <PriceTag price={product.price} availability={product.availability} />
      </div>
    </article>
  );
}
