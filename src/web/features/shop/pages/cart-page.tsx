import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Basket } from '../../../../shared/api/shop.js';
import { MAX_LINE_QUANTITY, SINGLE_COPY_CLASSES } from '../../../../shared/api/shop-paths.js';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { ApiError } from '../../../lib/http.js';
import { formatPrice } from '../../../lib/price.js';
import { Head } from '../../../ui/head.js';
import { applyVoucher, countriesQuery, removeVoucher, shippingMethodsQuery } from '../api/basket.js';
import type { ViewLine } from '../outbox/outbox.js';
import { BasketNotices } from '../components/basket-notices.js';
import { useShopI18n } from '../components/shop-i18n.js';
import { ShopStyles } from '../components/shop-styles.js';
import { basketApi, useBasket, type BasketState } from '../components/use-basket.js';
import { markShopUsed } from '../shop-entry.js';
import { describeServerError, localiseServerText } from '../../../ui/forms/server-messages.js';

/**
 * The basket's last failed send as the http client's error, so it is described like any call's: a send failure
 * keeps only the status, the server's message and fields (status 0, no answer, is never shown here).
 */
function asApiError(error: unknown): unknown {
  if (error instanceof Error) return error;
  const e = error as { status?: unknown; message?: unknown; fields?: Record<string, string> } | null;
  return typeof e?.status === 'number' && typeof e.message === 'string' ? new ApiError(e.message, e.status, 'refused', e.fields) : error;
}

/** A basket line; `onRemoved` takes the focus that its removed controls held. */
function LineItem({ line, basket, onRemoved }: { line: ViewLine; basket: BasketState; onRemoved: () => void }) {
  const { t, lang } = useShopI18n();
  const quantityId = useId();
  const singleCopy = (SINGLE_COPY_CLASSES as readonly string[]).includes(line.productClass);
  const base = { key: line.key, product: line.product, options: line.options, title: line.title, productClass: line.productClass, unitPrice: line.unitPrice, currency: line.currency };
  const setQuantity = (quantity: number) => void basket.change({ ...base, kind: 'set', quantity });
  const money = (v: number) => formatPrice(lang, v, line.currency);
  return (
    <li className={line.removed ? 'cart-line cart-line--removed' : 'cart-line'} data-pending={line.pending || undefined}>
      <div className="cart-line__row">
        <h3 className="cart-line__title">
          <Link to={paths.product(line.product)}>{line.title}</Link>
        </h3>
        {line.pending && <span className="pending-mark">{t(line.removed ? 'cart.pendingRemoval' : 'cart.pending')}</span>}
      </div>
      {line.options.length > 0 && <p className="cart-line__options">{line.options.map((o) => o.value).join(' · ')}</p>}
      {line.warning && !line.pending && <p className="stock stock--low">{line.warning}</p>}
      <div className="cart-line__row">
        <span className="meta">{line.unitPrice !== null && t('cart.unitPrice', { price: money(line.unitPrice) })}</span>
        {line.lineTotal !== null && (
          <span>
            <span className="visually-hidden">{t('cart.lineTotal')} </span>
            <strong>{money(line.lineTotal)}</strong>
          </span>
        )}
      </div>
      {!line.removed && (
        <div className="cart-line__row">
          {singleCopy ? (
            <span className="meta">{t('product.oneCopy')}</span>
          ) : (
            <div className="stepper" role="group" aria-label={t('cart.quantity', { title: line.title })}>
              {/* At a bound the button says so (aria-disabled) but keeps the focus a disabled one would drop. */}
              <button
                type="button"
                onClick={() => line.quantity > 1 && setQuantity(line.quantity - 1)}
                aria-disabled={line.quantity <= 1 || undefined}
                aria-label={t('cart.decrease', { title: line.title })}
              >
                −
              </button>
              <output id={quantityId} aria-live="polite">{line.quantity}</output>
              <button
                type="button"
                onClick={() => line.quantity < MAX_LINE_QUANTITY && setQuantity(line.quantity + 1)}
                aria-disabled={line.quantity >= MAX_LINE_QUANTITY || undefined}
                aria-label={t('cart.increase', { title: line.title })}
              >
                +
              </button>
            </div>
          )}
          {/* The title is in the button's name, not on it: a long one would make the button wider than a phone. */}
          <button
            type="button"
            className="button button--small button--quiet"
            aria-label={t('cart.remove', { title: line.title })}
            onClick={() => {
              void basket.change({ ...base, kind: 'remove', quantity: 0 });
              onRemoved();
            }}
          >
            {t('cart.removeShort')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Voucher code, applied by the server (online only); its refusal shows beside the field. */
function VoucherBox({ basket, server }: { basket: BasketState; server: Basket }) {
  const { t, lang } = useShopI18n();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<Basket>) => {
    if (!navigator.onLine) {
      setError(t('cart.voucherOffline'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await basket.keep(await call());
    } catch (err) {
      setError(err instanceof ApiError && err.fields?.vouchercode ? localiseServerText(err.fields.vouchercode, lang) : describeServerError(err, t, lang));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('vouchercode') ?? '').trim();
    if (code) void run(() => applyVoucher(basketApi(), code));
  };
  return (
    <section className="cart-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('cart.voucherTitle')}</h2>
      {server.voucher_discounts.map((v) => (
        <p key={v.voucher.code} className="cart-box__row">
          <span>
            <strong>{v.voucher.code}</strong> {v.applied ? localiseServerText(v.description, lang) : t('cart.voucherNotApplied', { reason: localiseServerText(v.description, lang) })}
          </span>
          <button type="button" className="button button--small button--quiet" disabled={busy} onClick={() => void run(() => removeVoucher(basketApi(), v.voucher.code))}>
            {t('cart.voucherRemove', { code: v.voucher.code })}
          </button>
        </p>
      ))}
      <form onSubmit={submit} noValidate>
        <label htmlFor={id}>{t('cart.voucher')}</label>
        <div className="cart-box__row">
          <input
            id={id}
            name="vouchercode"
            autoComplete="off"
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className="button" disabled={busy}>{t('cart.voucherApply')}</button>
        </div>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

/** What each shipping method would charge this basket in a chosen country (an estimate: chosen at checkout). */
function ShippingEstimate({ basket, server }: { basket: BasketState; server: Basket }) {
  const http = useHttp();
  const { t, lang } = useShopI18n();
  const id = useId();
  const [country, setCountry] = useState(server.shipping_country ?? '');
  const countries = useQuery(countriesQuery(http));
  const methods = useQuery({ ...shippingMethodsQuery(http, basket.owner, country, server.date_updated), enabled: Boolean(country) && server.shipping_required });
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([lang], { type: 'region' }) : null;
  const shipping = (countries.data ?? []).filter((c) => c.is_shipping_country);
  return (
    <section className="cart-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('cart.shipping')}</h2>
      {!server.shipping_required ? (
        <p>{t('cart.noShipping')}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={id}>{t('cart.country')}</label>
            <select id={id} value={country} onChange={(event) => setCountry(event.target.value)}>
              <option value="">{t('cart.chooseCountry')}</option>
              {shipping.map((c) => (
                <option key={c.iso_3166_1_a2} value={c.iso_3166_1_a2}>
                  {names?.of(c.iso_3166_1_a2) ?? c.printable_name}
                </option>
              ))}
            </select>
          </div>
          {country && methods.isError && <p className="form-error">{describeServerError(methods.error, t, lang)}</p>}
          {country && methods.data && methods.data.length === 0 && <p>{t('cart.noMethods')}</p>}
          {country && methods.data && methods.data.length > 0 && (
            <ul className="shipping-list" aria-live="polite">
              {methods.data.map((m) => (
                <li key={m.code}>
                  <span>{m.name}</span>
                  <strong>{m.price === 0 ? t('cart.free') : formatPrice(lang, m.price, server.currency)}</strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** The server's totals; the browser never adds anything up. */
function Totals({ server, stale }: { server: Basket; stale: boolean }) {
  const { t, lang } = useShopI18n();
  const money = (v: number) => formatPrice(lang, v, server.currency);
  const discount = server.total_incl_tax_excl_discounts - server.total_incl_tax;
  return (
    <section className="cart-box" aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title">{t('cart.totals')}</h2>
      <dl className="cart-totals">
        <dt>{t('cart.subtotal')}</dt>
        <dd>{money(server.total_incl_tax_excl_discounts)}</dd>
        {discount > 0 && (
          <>
            <dt>{t('cart.discount')}</dt>
            <dd>−{money(discount)}</dd>
          </>
        )}
        {server.shipping_required && (
          <>
            <dt>{t('cart.shippingCharge')}</dt>
            <dd>{server.shipping_method ? money(server.shipping_charge) : t('cart.shippingLater')}</dd>
          </>
        )}
        <dt className="cart-totals__total">{t('cart.total')}</dt>
        <dd className="cart-totals__total">{money(server.order_total)}</dd>
      </dl>
      {stale && <p className="meta">{t('cart.totalsStale')}</p>}
    </section>
  );
}

/** `/cart` (login): the lines with steppers, pending marks for changes not sent yet, notices, voucher, shipping, totals. */
export function Component() {
  const { t, lang } = useShopI18n();
  const basket = useBasket();
  useEffect(markShopUsed, []);
  // A removed line's controls go: the focus moves to the page's heading rather than to the page's start.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = useCallback(() => titleRef.current?.focus(), []);
  const server = basket.basket;
  const visible = basket.lines;
  const loading = !basket.ready || !basket.owner || (server === null && basket.sync === 'syncing' && visible.length === 0);
  return (
    <>
      <ShopStyles />
      <Head title={t('cart.title')} noindex />
      <header className="page-header">
        <h1 ref={titleRef} tabIndex={-1}>
          {t('cart.title')}
        </h1>
      </header>
      <BasketNotices notices={basket.notices} onDismiss={() => void basket.dismiss()} />
      <div role="status" className="meta">
        {basket.sync === 'syncing' && basket.pending ? t('cart.syncing') : basket.sync === 'offline' && basket.pending ? t('cart.offline') : ''}
      </div>
      {basket.error != null && (
        <p className="form-error" role="alert">{t('cart.loadFailed', { reason: describeServerError(asApiError(basket.error), t, lang) })}</p>
      )}
      {loading ? (
        <p role="status">{t('common.loading')}</p>
      ) : visible.length === 0 && server === null && basket.sync === 'offline' ? (
        <p className="empty">{t('cart.notLoaded')}</p>
      ) : visible.length === 0 ? (
        <p className="empty">
          {t('cart.empty')} <Link to={paths.shop()}>{t('cart.browse')}</Link>
        </p>
      ) : (
        <>
          {basket.pending && <p className="note">{t('cart.pendingNote')}</p>}
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="visually-hidden">{t('cart.lines')}</h2>
            <ul className="cart-lines">
              {visible.map((line) => (
                <LineItem key={line.key} line={line} basket={basket} onRemoved={focusTitle} />
              ))}
            </ul>
          </section>
          {server && (
            <>
              <VoucherBox basket={basket} server={server} />
              <ShippingEstimate basket={basket} server={server} />
              <Totals server={server} stale={basket.pending} />
            </>
          )}
          <p>
            <Link className="button" to={paths.checkout()}>{t('cart.checkout')}</Link>
          </p>
        </>
      )}
    </>
  );
}
