import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/api/orders-paths.js';
import type { Order } from '../../../../shared/api/orders.js';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { formatPrice } from '../../../lib/price.js';
import { useSession } from '../../../lib/session/session-context.js';
import { Head } from '../../../ui/head.js';
import { myOrdersQuery } from '../checkout/api.js';
import { useCheckoutI18n } from '../checkout/checkout-i18n.js';
import { CheckoutStyles } from '../checkout/checkout-styles.js';
import { DownloadLink } from '../checkout/download-link.js';
import { markShopUsed } from '../shop-entry.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';


function OrderCard({ order }: { order: Order }) {
  const { t, lang } = useCheckoutI18n();
  const titleId = useId();
  const money = (v: number) => formatPrice(lang, v, order.currency);
  const placed = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(order.date_placed));
  return (
    <li>
      <article className="order-card" aria-labelledby={titleId} data-order={order.number}>
        <div className="order-card__row">
          <h2 id={titleId}>{t('checkout.orderNumber', { number: order.number })}</h2>
          <span className={`order-status order-status--${order.status}`}>{t(`status.${order.status}`)}</span>
        </div>
        <p className="meta">{t('order.placed', { date: placed })}</p>
        <ul className="checkout-lines" aria-label={t('order.lines')}>
          {order.lines.map((line) => (
            <li key={line.id}>
              <span>
                {line.course !== null ? <Link to={paths.course(line.course)}>{line.title}</Link> : line.title} {t('order.quantity', { quantity: line.quantity })}
              </span>
              <strong>{money(line.line_price_before_discounts_incl_tax)}</strong>
              <DownloadLink line={line} t={t} lang={lang} />
            </li>
          ))}
        </ul>
        {(order.total_discount > 0 || order.shipping_method !== null) && (
          // What lies between the lines and the total, so the figures on the card add up.
          <dl className="order-card__charges">
            {order.total_discount > 0 && (
              <>
                <dt>{t('checkout.discount')}</dt>
                <dd>−{money(order.total_discount)}</dd>
              </>
            )}
            {order.shipping_method !== null && (
              <>
                <dt>{t('checkout.shippingCharge')}</dt>
                <dd>{order.shipping_incl_tax === 0 ? t('checkout.free') : money(order.shipping_incl_tax)}</dd>
              </>
            )}
          </dl>
        )}
        <div className="order-card__row">
          <strong>{t('order.total', { amount: money(order.total_incl_tax) })}</strong>
          {order.can_pay && (
            <Link className="button" to={paths.payOrder(order.id)} aria-label={`${t('order.payAgain')} ${t('checkout.orderNumber', { number: order.number })}`}>
              {t('order.payAgain')}
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}

/** `/my-order` (login): the shopper's orders with their lines, status and totals, Pay for a pending one, by page. */
export function Component() {
  const http = useHttp();
  const { t, lang, main } = useCheckoutI18n();
  const session = useSession();
  const owner = session.ready && session.loggedIn && session.auth ? session.auth.userid : 0;
  const [params, setParams] = useSearchParams();
  const filterId = useId();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const rawStatus = params.get('status');
  const status = (ORDER_STATUSES as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as OrderStatus) : undefined;
  const orders = useQuery({ ...myOrdersQuery(http, owner, page, status), enabled: owner > 0 });
  useEffect(markShopUsed, []);
  const link = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    return paths.myOrders(next.toString());
  };
  return (
    <>
      <CheckoutStyles />
      <Head title={t('order.title')} noindex />
      <header className="page-header">
        <h1>{t('order.title')}</h1>
      </header>
      <div className="field">
        <label htmlFor={filterId}>{t('order.filter')}</label>
        <select
          id={filterId}
          value={status ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams();
            if (event.target.value) next.set('status', event.target.value);
            setParams(next);
          }}
        >
          <option value="">{t('order.all')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {orders.isError ? (
        <p className="form-error" role="alert">{describeServerError(orders.error, main, lang)}</p>
      ) : !orders.data ? (
        <p role="status">{t('checkout.loading')}</p>
      ) : orders.data.results.length === 0 && page > 1 ? (
        // A page past the last (an old link, orders since expired from the filter): the orders are on the first.
        <p className="empty">
          {t('order.nonePage')} <Link to={link(1)}>{t('order.firstPage')}</Link>
        </p>
      ) : orders.data.results.length === 0 ? (
        <p className="empty">
          {t('order.none')} <Link to={paths.shop()}>{t('checkout.browse')}</Link>
        </p>
      ) : (
        <>
          <ul className="order-list">
            {orders.data.results.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </ul>
          {(orders.data.previous || orders.data.next) && (
            <nav className="order-pages" aria-label={t('order.pages')}>
              {orders.data.previous && <Link to={link(page - 1)}>{t('order.previous')}</Link>}
              <span>{t('order.page', { page })}</span>
              {orders.data.next && <Link to={link(page + 1)}>{t('order.next')}</Link>}
            </nav>
          )}
        </>
      )}
    </>
  );
}
