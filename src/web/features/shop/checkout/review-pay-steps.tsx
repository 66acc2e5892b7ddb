/* The checkout's last steps: the review that places the order, and the payment's page, code or outcome. */
import { Link } from 'react-router-dom';
import { payReturnPath } from '../../../../shared/api/payments-paths.js';
import type { Basket } from '../../../../shared/api/shop.js';
import { paths } from '../../../app/paths.js';
import { formatPrice } from '../../../lib/price.js';
import { type CheckoutActor, type CheckoutSnapshot } from '../machines/checkout-machine.js';
import { useCheckoutI18n, type CheckoutT } from './checkout-i18n.js';
import { basketChanged, basketChangesOf } from './basket-change.js';
import { QrCode } from './qr-code.js';
import { type MembershipPurchase, reasonOf, BasketChanges, Actions, BackButton, BasketTotals } from './checkout-parts.js';
import { useAddressCountry } from './address-step.js';
import { useShippingMethods } from './shipping-payment-steps.js';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export function ReviewStep({
  actor,
  t,
  snapshot,
  owner,
  basket,
  membership,
}: {
  actor: CheckoutActor;
  t: CheckoutT;
  snapshot: CheckoutSnapshot;
  owner: number;
  basket: Basket | null;
  membership: MembershipPurchase | null;
}) {
  const { lang } = useCheckoutI18n();
  const { context } = snapshot;
  const ships = context.item?.kind === 'basket' && context.item.shipping;
  const methods = useShippingMethods(snapshot, owner, ships ? basket : null);
  const address = useAddressCountry(snapshot, owner);
  const shipping = ships ? (methods.data?.find((m) => m.code === context.shippingCode) ?? null) : null;
  const failed = snapshot.matches('placeFailed');
  const changes = basketChangesOf(context.problem, lang);
  let total: number | null = null;
  let currency = 'CNY';
  if (membership && context.item?.kind === membership.kind) {
    total = membership.price;
    currency = membership.currency;
  } else if (context.item?.kind === 'basket' && basket && (!ships || shipping)) {
    total = basket.total_incl_tax + (shipping?.price ?? 0);
    currency = basket.currency;
  }
  const ready = total !== null;
  return (
    <>
      {membership && context.item?.kind === membership.kind && (
        <ul className="checkout-lines">
          <li>
            <span>{membership.name}</span>
            <strong>{formatPrice(lang, membership.price, membership.currency)}</strong>
          </li>
        </ul>
      )}
      {context.item?.kind === 'basket' && basket && (
        <>
          <ul className="checkout-lines">
            {basket.lines.map((line) => (
              <li key={line.id}>
                <span>
                  {line.product_title} × {line.quantity}
                </span>
                <strong>{formatPrice(lang, line.price_incl_tax, basket.currency)}</strong>
              </li>
            ))}
          </ul>
          <dl className="checkout-facts">
            {ships && address.label && (
              <>
                <dt>{t('checkout.deliverTo')}</dt>
                <dd>{address.label}</dd>
              </>
            )}
            {shipping && (
              <>
                <dt>{t('checkout.shipVia')}</dt>
                <dd>{shipping.name}</dd>
              </>
            )}
            {context.method && (
              <>
                <dt>{t('checkout.payWith')}</dt>
                <dd>{t(`checkout.method.${context.method}`)}</dd>
              </>
            )}
          </dl>
          <BasketTotals server={basket} t={t} shipping={shipping} />
        </>
      )}
      {/* What changed stays on show after a reload (the problem is saved with the checkout), until Pay. */}
      {failed ? (
        <div role="alert">
          <p className="form-error">{t('checkout.placeFailed', { reason: reasonOf(context.problem, t, lang) })}</p>
          <BasketChanges changes={changes} t={t} />
        </div>
      ) : (
        <BasketChanges changes={changes} t={t} />
      )}
      <Actions>
        <BackButton actor={actor} t={t} />
        {failed && !basketChanged(context.problem) ? (
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            {t('checkout.retry')}
          </button>
        ) : (
          <button type="button" className="button" disabled={!ready} onClick={() => actor.send({ type: 'PAY', key: newKey(), total })}>
            {ready ? t('checkout.pay', { amount: formatPrice(lang, total!, currency) }) : t('checkout.loading')}
          </button>
        )}
      </Actions>
    </>
  );
}

export function PayStep({ actor, t, snapshot }: { actor: CheckoutActor; t: CheckoutT; snapshot: CheckoutSnapshot }) {
  const { lang } = useCheckoutI18n();
  const { context } = snapshot;
  const order = context.order;
  const number = order?.number ?? '';
  const amount = order ? formatPrice(lang, order.total, order.currency) : '';
  const expires = context.payment?.expiresAt
    ? new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(context.payment.expiresAt))
    : null;
  const polling = snapshot.matches('qr') || snapshot.matches('waiting');
  const offline = snapshot.matches({ qr: 'offline' }) || snapshot.matches({ waiting: 'offline' });
  if (snapshot.matches('placing')) return <p role="status">{t('checkout.placing')}</p>;
  if (snapshot.matches('starting')) return <p role="status">{t('checkout.starting')}</p>;
  if (snapshot.matches('paid')) {
    return (
      <>
        <p role="status">{t('checkout.paid', { number })}</p>
        <p>
          <Link className="button" to={payReturnPath(number)}>{t('checkout.seeOrder')}</Link>
        </p>
      </>
    );
  }
  if (snapshot.matches('expired')) {
    return (
      <>
        <p role="alert">{t('checkout.expired', { number })}</p>
        <Actions>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RESTART' })}>{t('checkout.restart')}</button>
        </Actions>
      </>
    );
  }
  if (snapshot.matches('failed')) {
    const canRetry = snapshot.can({ type: 'RETRY' });
    return (
      <>
        <p role="alert">{t('checkout.failed', { number, reason: reasonOf(context.problem, t, lang) })}</p>
        <Actions>
          {canRetry && <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>{t('checkout.retry')}</button>}
          <button type="button" className="button button--quiet" onClick={() => actor.send({ type: 'RESTART' })}>{t('checkout.restart')}</button>
          <Link className="button button--quiet" to={paths.myOrders()}>{t('paySuccess.myOrders')}</Link>
        </Actions>
      </>
    );
  }
  if (!polling) return null;
  return (
    <>
      <p>
        <strong>{t('checkout.orderNumber', { number })}</strong> {expires && t('checkout.expiresAt', { time: expires })}
      </p>
      {snapshot.matches('qr') && context.payment?.codeUrl && (
        <div className="checkout-qr-box">
          <QrCode value={context.payment.codeUrl} label={t('checkout.qrAlt', { number })} />
          <p>{t('checkout.qrHelp', { amount })}</p>
        </div>
      )}
      {snapshot.matches('waiting') && context.payment?.url && (
        <p>
          <a className="button" href={context.payment.url}>{t('checkout.openPayment')}</a>
        </p>
      )}
      <p role="status" aria-live="polite">
        {offline ? t('checkout.offline') : t('checkout.waiting', { number })}
      </p>
      <Actions>
        {offline && <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>{t('checkout.checkNow')}</button>}
        {snapshot.matches('qr') && <button type="button" className="button button--quiet" onClick={() => actor.send({ type: 'NEW_CODE' })}>{t('checkout.newCode')}</button>}
      </Actions>
    </>
  );
}
