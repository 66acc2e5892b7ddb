import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shared/api/orders-paths.js';
import type { Order } from '../../../../shared/api/orders.js';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { formatPrice } from '../../../lib/price.js';
import { useSession } from '../../../lib/session/session-context.js';
import { Dialog } from '../../../ui/dialog.js';
import { Head } from '../../../ui/head.js';
import { cancelOrder, myOrdersKey, myOrdersQuery } from '../checkout/api.js';
import { useCheckoutI18n } from '../checkout/checkout-i18n.js';
import { CheckoutStyles } from '../checkout/checkout-styles.js';
import { DownloadLink } from '../checkout/download-link.js';
import { newOpId } from '../outbox/outbox.js';
import { markShopUsed } from '../shop-entry.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';

/**
 * "Cancel order" beside Pay, asked again in a dialog. One `Idempotency-Key` per dialog opened, sent again by a
 * retry of the same confirmation. A refusal (the order was paid or closed meanwhile) shows in the dialog and
 * refreshes the list.
 */
function CancelOrder({ order, onCancelled, onStale }: CardActions & { order: Order }) {
  const { t, lang, main } = useCheckoutI18n();
  const errorId = useId();
  const [key, setKey] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (opId: string) => cancelOrder(order.id, opId),
    onSuccess: (answer) => {
      setKey(null);
      onCancelled(answer);
    },
  });
  const close = () => {
    // Refused because the order changed meanwhile: the list is read again once the reason has been read.
    if ((cancel.error as { status?: number } | null)?.status === 409) onStale();
    setKey(null);
    cancel.reset();
  };
  return (
    <>
      <button type="button" className="button button--quiet" aria-label={t('order.cancelLabel', { number: order.number })} onClick={() => setKey(newOpId())}>
        {t('order.cancel')}
      </button>
      <Dialog open={key !== null} title={t('order.cancelTitle', { number: order.number })} closeLabel={t('order.cancelKeep')} onClose={close} focusClose>
        <p>{t('order.cancelText')}</p>
        {cancel.isError && (
          <p id={errorId} className="form-error" role="alert">
            {describeServerError(cancel.error, main, lang)}
          </p>
        )}
        <button
          type="button"
          className="button"
          aria-disabled={cancel.isPending}
          aria-describedby={cancel.isError ? errorId : undefined}
          onClick={() => {
            if (key && !cancel.isPending) cancel.mutate(key);
          }}
        >
          {cancel.isPending ? t('order.cancelling') : t('order.cancelConfirm')}
        </button>
      </Dialog>
    </>
  );
}

interface CardActions {
  onCancelled: (order: Order) => void;
  /** The list is out of date (an order changed elsewhere). */
  onStale: () => void;
}

function OrderCard({ order, ...actions }: CardActions & { order: Order }) {
  const { t, lang } = useCheckoutI18n();
  const titleId = useId();
  const money = (v: number) => formatPrice(lang, v, order.currency);
  const placed = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(order.date_placed));
  return (
    <li>
      <article className="order-card" aria-labelledby={titleId} data-order={order.number}>
        <div className="order-card__row">
          <h2 id={titleId} tabIndex={-1}>
            {t('checkout.orderNumber', { number: order.number })}
          </h2>
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
            <div className="order-card__actions">
              <Link className="button" to={paths.payOrder(order.id)} aria-label={`${t('order.payAgain')} ${t('checkout.orderNumber', { number: order.number })}`}>
                {t('order.payAgain')}
              </Link>
              <CancelOrder order={order} {...actions} />
            </div>
          )}
        </div>
      </article>
    </li>
  );
}

/** `/my-order` (login): the shopper's orders with their lines, status and totals, Pay or Cancel for a pending one, by page. */
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
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [cancelled, setCancelled] = useState<{ number: string; since: number } | null>(null);
  const focusedFor = useRef<object | null>(null);
  useEffect(markShopUsed, []);
  useEffect(() => {
    // Once the list read after the cancel is shown, the focus goes to the order's card (its Cancel button is gone),
    // or to the page's heading when the filter no longer lists it.
    if (!cancelled || focusedFor.current === cancelled || orders.isFetching || orders.dataUpdatedAt < cancelled.since) return;
    focusedFor.current = cancelled;
    const card = Array.from(document.querySelectorAll<HTMLElement>('[data-order]')).find((el) => el.dataset.order === cancelled.number);
    (card?.querySelector('h2') ?? headingRef.current)?.focus();
  }, [cancelled, orders.isFetching, orders.dataUpdatedAt]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: myOrdersKey(owner) });
  const onCancelled = (order: Order) => {
    setAnnouncement(t('order.cancelled', { number: order.number }));
    setCancelled({ number: order.number, since: Date.now() });
    refresh();
  };
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
        <h1 ref={headingRef} tabIndex={-1}>
          {t('order.title')}
        </h1>
      </header>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
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
              <OrderCard key={order.id} order={order} onCancelled={onCancelled} onStale={refresh} />
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
