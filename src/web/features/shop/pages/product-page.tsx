import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import type { ProductDetail, ProductOption } from '../../../../shared/api/shop.js';
import { MAX_LINE_QUANTITY, SINGLE_COPY_CLASSES } from '../../../../shared/api/shop-paths.js';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { parseId, requireId } from '../../../app/route-params.js';
import type { RouteDeps } from '../../../app/routes.js';
import { Head } from '../../../ui/head.js';
import { PlainText } from '../../../ui/plain-text.js';
import { membershipPlansQuery, productQuery } from '../api/catalogue.js';
import { lineKey } from '../outbox/outbox.js';
import { PriceTag } from '../components/product-bits.js';
import { useShopI18n, type ShopT } from '../components/shop-i18n.js';
import { ShopStyles } from '../components/shop-styles.js';
import { useBasket } from '../components/use-basket.js';

export async function loader({ queryClient, http, lang = 'en' }: RouteDeps, { params, request }: LoaderFunctionArgs) {
  const id = requireId(params.id, request);
  const product = await queryClient.ensureQueryData(productQuery(http, id, lang));
  if (product.product_class === 'membership') await queryClient.ensureQueryData(membershipPlansQuery(http, lang));
  return null;
}

function periodText(t: ShopT, unit: 'day' | 'month', count: number): string {
  if (unit === 'month') return count === 1 ? t('period.month') : t('period.months', { count });
  return count === 1 ? t('period.day') : t('period.days', { count });
}

/** What buying the product gives: a plan for a period, a course, a download, or a parcel. */
function Grant({ product }: { product: ProductDetail }) {
  const http = useHttp();
  const { t, lang } = useShopI18n();
  const plans = useQuery({ ...membershipPlansQuery(http, lang), enabled: product.product_class === 'membership' });
  if (product.product_class === 'membership') {
    const plan = plans.data?.find((p) => p.products.some((mp) => mp.id === product.membership_product));
    const sold = plan?.products.find((mp) => mp.id === product.membership_product);
    const text =
      plan && sold ? t('product.grantsMembership', { plan: plan.name, period: periodText(t, sold.period_unit, sold.period_count) }) : t('product.grantsMembershipUnknown');
    return <p className="product__grant">{text}</p>;
  }
  if (product.product_class === 'course') return <p className="product__grant">{t('product.grantsCourse')}</p>;
  if (product.product_class === 'digital') return <p className="meta">{t('product.download')}</p>;
  return <p className="meta">{t('product.shipping')}</p>;
}

function OptionField({ option }: { option: ProductOption }) {
  const { t } = useShopI18n();
  const id = useId();
  const name = `option-${option.id}`;
  const label = (
    <label htmlFor={id}>
      {option.name} {option.required && <span className="field__hint">{t('product.optionRequired')}</span>}
    </label>
  );
  if (option.type === 'boolean') {
    return (
      <div className="field">
        {label}
        <input id={id} type="checkbox" name={name} value="true" required={option.required} />
      </div>
    );
  }
  const type = option.type === 'integer' ? 'number' : option.type === 'date' ? 'date' : 'text';
  return (
    <div className="field">
      {label}
      <input id={id} type={type} name={name} required={option.required} maxLength={type === 'text' ? 500 : undefined} step={type === 'number' ? 1 : undefined} />
    </div>
  );
}

type Added = 'online' | 'offline' | 'guest' | null;

/** The buy box: options, quantity and "Add to basket" (kept on this device first, sent when online). */
function BuyBox({ product }: { product: ProductDetail }) {
  const { t } = useShopI18n();
  const basket = useBasket();
  const quantityId = useId();
  const [added, setAdded] = useState<Added>(null);
  const [busy, setBusy] = useState(false);
  const singleCopy = (SINGLE_COPY_CLASSES as readonly string[]).includes(product.product_class);
  const max = Math.max(1, Math.min(MAX_LINE_QUANTITY, product.availability.num_available ?? MAX_LINE_QUANTITY));
  const canBuy = product.availability.is_available_to_buy && product.price !== null;
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const options = product.options.map((o) => ({ option: o.id, value: String(form.get(`option-${o.id}`) ?? '').trim() }));
    const quantity = singleCopy ? 1 : Math.min(max, Math.max(1, Number(form.get('quantity')) || 1));
    if (busy) return;
    setBusy(true);
    try {
      await basket.change({
        kind: 'add',
        key: lineKey(product.id, options),
        product: product.id,
        options: options.filter((o) => o.value !== ''),
        quantity,
        title: product.title,
        productClass: product.product_class,
        unitPrice: product.price?.incl_tax ?? null,
        currency: product.price?.currency ?? '',
      });
      setAdded(!basket.owner ? 'guest' : navigator.onLine ? 'online' : 'offline');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="product__buy" onSubmit={(event) => void submit(event)} aria-label={t('product.add')}>
      {product.options.length > 0 && (
        <fieldset className="fieldset">
          <legend>{t('product.options')}</legend>
          {product.options.map((o) => (
            <OptionField key={o.id} option={o} />
          ))}
        </fieldset>
      )}
      {singleCopy ? (
        <p className="meta">{t('product.oneCopy')}</p>
      ) : (
        <div className="field">
          <label htmlFor={quantityId}>{t('product.quantity')}</label>
          <input id={quantityId} type="number" name="quantity" min={1} max={max} step={1} defaultValue={1} inputMode="numeric" />
        </div>
      )}
      {/* While adding, the button says so (aria-disabled) but keeps the keyboard's focus, which a disabled one drops. */}
      <button type="submit" className="button" disabled={!canBuy || !basket.ready} aria-disabled={busy || undefined}>
        {busy ? t('product.adding') : t('product.add')}
      </button>
      <div role="status">
        {added && (
          <p>
            {t(added === 'guest' ? 'product.addedGuest' : added === 'offline' ? 'product.addedOffline' : 'product.added')}{' '}
            <Link to={paths.cart()}>{t('product.viewBasket')}</Link>
          </p>
        )}
      </div>
    </form>
  );
}

/** `/product/{id}`: gallery, class, price, stock, what it grants, description, options and "Add to basket". */
export function Component() {
  const http = useHttp();
  const { t, lang } = useShopI18n();
  const id = parseId(useParams().id)!;
  const { data: product } = useSuspenseQuery(productQuery(http, id, lang));
  return (
    <>
      <ShopStyles />
      <Head title={product.title} description={product.description.slice(0, 200)} canonical={paths.product(id)} image={product.image} />
      <article className="product">
        {product.image && (
          <ul className="product__gallery" aria-label={t('product.gallery', { title: product.title })}>
            <li>
              <img src={product.image} alt={product.title} decoding="async" />
            </li>
          </ul>
        )}
        <div>
          <header className="page-header">
            <p className="page-header__kicker">
              <Link to={paths.shop()}>{t('shop.title')}</Link>
              {product.category && (
                <>
                  {' › '}
                  <Link to={paths.shopCategory(product.category.slug)}>{product.category.name}</Link>
                </>
              )}
            </p>
            <h1>{product.title}</h1>
            <p className="badges">
              <span className="badge">{t(`shop.class.${product.product_class}`)}</span>
            </p>
          </header>
          <section aria-label={t('product.price')}>
            <PriceTag price={product.price} availability={product.availability} />
          </section>
          <Grant product={product} />
          <BuyBox product={product} />
          {product.description && (
            <section aria-labelledby="product-description">
              <h2 id="product-description">{t('product.description')}</h2>
              <PlainText text={product.description} />
            </section>
          )}
        </div>
      </article>
    </>
  );
}
