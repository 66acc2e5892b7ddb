import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { paths } from '../../../app/paths.js';
import { formatPrice } from '../../../lib/price.js';
import { BasketNotices } from '../components/basket-notices.js';
import { useBasket } from '../components/use-basket.js';
import {
  checkoutMachine,
  payAgain,
  readCheckout,
  saveCheckout,
  stepOf,
  type CheckoutActor,
  type CheckoutItem,
  type CheckoutSnapshot,
} from '../machines/checkout-machine.js';
import { fetchStatus, placeOrder, startPayment } from './api.js';
import { useCheckoutI18n, type CheckoutT } from './checkout-i18n.js';
import { basketChanged } from './basket-change.js';
import { type PayAgainOrder, type MembershipPurchase, visibleStep, ProblemNote, StepNav, Actions, BasketTotals } from './checkout-parts.js';

export type { MembershipPurchase, PayAgainOrder } from './checkout-parts.js';
import { firstServerField, AddressStep } from './address-step.js';
import { ShippingStep, PaymentStep } from './shipping-payment-steps.js';
import { ReviewStep, PayStep } from './review-pay-steps.js';

const storage = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage);
/** Alipay's and WeChat Pay's mobile pages on a phone, their desktop pages (page pay, a QR code) elsewhere. */
const channelOf = () => (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? 'mobile' : 'pc');

function BasketStep({ actor, t, basket }: { actor: CheckoutActor; t: CheckoutT; basket: ReturnType<typeof useBasket> }) {
  const { lang } = useCheckoutI18n();
  const server = basket.basket;
  if (!basket.ready || (!server && basket.sync === 'syncing')) return <p role="status">{t('checkout.loading')}</p>;
  if (!server || server.lines.length === 0) {
    return (
      <p className="empty">
        {t('checkout.emptyBasket')} <Link to={paths.shop()}>{t('checkout.browse')}</Link>
      </p>
    );
  }
  const money = (v: number) => formatPrice(lang, v, server.currency);
  return (
    <>
      <ul className="checkout-lines">
        {server.lines.map((line) => (
          <li key={line.id}>
            <span>
              {line.product_title} × {line.quantity}
            </span>
            <strong>{money(line.price_incl_tax)}</strong>
          </li>
        ))}
      </ul>
      <BasketTotals server={server} t={t} shipping={null} />
      {basket.pending && <p className="note">{t('checkout.basketPending')}</p>}
      <Actions>
        <Link className="button button--quiet" to={paths.cart()}>{t('checkout.editBasket')}</Link>
        <button
          type="button"
          className="button"
          disabled={basket.pending}
          onClick={() => actor.send({ type: 'START', item: { kind: 'basket', basket: server.id, shipping: server.shipping_required } })}
        >
          {t('checkout.continue')}
        </button>
      </Actions>
    </>
  );
}
const HEADINGS: Record<ReturnType<typeof visibleStep>, Parameters<CheckoutT>[0]> = {
  basket: 'checkout.step.basket',
  address: 'checkout.addressTitle',
  shipping: 'checkout.shippingTitle',
  payment: 'checkout.paymentTitle',
  review: 'checkout.reviewTitle',
  pay: 'checkout.step.pay',
};

function payHeading(snapshot: CheckoutSnapshot): Parameters<CheckoutT>[0] {
  if (snapshot.matches('paid')) return 'checkout.paidTitle';
  if (snapshot.matches('failed')) return 'checkout.failedTitle';
  if (snapshot.matches('expired')) return 'checkout.expiredTitle';
  if (snapshot.matches('qr')) return 'checkout.qrTitle';
  return 'checkout.step.pay';
}

/**
 * The checkout of one shopper: the machine's steps as forms, its state saved in this tab after every change
 * (a reload resumes at the same step), the status polled again when the connection returns. With `membership`
 * it buys that plan product now and starts at the payment step.
 */
export function CheckoutFlow({ owner, membership, order }: { owner: number; membership: MembershipPurchase | null; order?: PayAgainOrder | null }) {
  const { t } = useCheckoutI18n();
  const basket = useBasket();
  const [machine] = useState(() =>
    checkoutMachine.provide({
      actors: {
        placeOrder: fromPromise(({ input }) => placeOrder(input.context)),
        startPayment: fromPromise(({ input }) => startPayment(input)),
        fetchStatus: fromPromise(({ input }) => fetchStatus(input)),
      },
      actions: {
        openPaymentPage: (_, params) => {
          if (params.url) window.location.assign(params.url);
        },
      },
    }),
  );
  const [input] = useState(() => {
    const store = storage();
    let saved = store ? readCheckout(store, owner) : null;
    // A plan card's Buy starts its own checkout, unless this very purchase is the one saved.
    const savedItem = saved?.context.item;
    if (membership && !(savedItem?.kind === membership.kind && savedItem.product === membership.product)) saved = null;
    if (!membership && savedItem && savedItem.kind !== 'basket') saved = null;
    if (order) {
      // Paying a pending order again: resume its own saved payment, or start a new attempt.
      saved = saved?.context.order?.id === order.id && saved.step !== 'review' ? saved : payAgain(owner, order, order.method, channelOf());
    } else if (saved?.context.item === null && saved.context.order) saved = null;
    return { user: owner, saved, channel: channelOf() } as const;
  });
  const actor = useActorRef(machine, { input });
  const snapshot = useSelector(actor, (s) => s);
  const step = stepOf(snapshot);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  useEffect(() => {
    const store = storage();
    const subscription = actor.subscribe((s) => {
      if (store) saveCheckout(store, s);
    });
    if (store) saveCheckout(store, actor.getSnapshot());
    const online = () => actor.send({ type: 'ONLINE' });
    window.addEventListener('online', online);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('online', online);
    };
  }, [actor]);

  useEffect(() => {
    if (membership && actor.getSnapshot().matches('basket')) actor.send({ type: 'START', item: { kind: membership.kind, product: membership.product } satisfies CheckoutItem });
  }, [actor, membership]);

  // The basket changed under the review (a price, the stock): read it again, so the review shows the new total,
  // the notices say what changed, and Pay offers the new amount.
  const changed = snapshot.matches('placeFailed') && basketChanged(snapshot.context.problem);
  const { replay } = basket;
  useEffect(() => {
    if (changed) void replay();
  }, [changed, replay]);

  // Each new step is announced by moving the focus to its heading (not on the first render).
  const headingKey = snapshot.matches('placeFailed') ? 'review' : JSON.stringify(snapshot.value);
  // Back at the address step with a field the server refused: the address step focuses that field instead.
  const fieldRefused = step === 'address' && firstServerField(snapshot.context.problem) !== null;
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (!fieldRefused) headingRef.current?.focus();
  }, [headingKey, fieldRefused]);

  const current = visibleStep(step);
  const heading = current === 'pay' ? payHeading(snapshot) : HEADINGS[current];
  return (
    <div className="checkout" data-step={step}>
      {!order && <StepNav step={step} t={t} membership={membership !== null} />}
      <section aria-labelledby="checkout-step-title">
        <h2 id="checkout-step-title" ref={headingRef} tabIndex={-1}>
          {t(heading)}
        </h2>
        {current === 'address' && <ProblemNote problem={snapshot.context.problem?.kind === 'fields' ? null : snapshot.context.problem} t={t} />}
        {step === 'basket' && !membership && <BasketStep actor={actor} t={t} basket={basket} />}
        {step === 'basket' && membership && (
          <>
            <p>{membership.name}</p>
            <Actions>
              <button type="button" className="button" onClick={() => actor.send({ type: 'START', item: { kind: membership.kind, product: membership.product } })}>
                {t('checkout.continue')}
              </button>
            </Actions>
          </>
        )}
        {step === 'address' && <AddressStep actor={actor} t={t} snapshot={snapshot} owner={owner} />}
        {step === 'shipping' && <ShippingStep actor={actor} t={t} snapshot={snapshot} owner={owner} basket={basket.basket} />}
        {step === 'payment' && <PaymentStep actor={actor} t={t} snapshot={snapshot} backTo={membership?.backTo ?? null} />}
        {step === 'review' && (
          <>
            {/* What changed in the basket (a price, the stock) since it was shown: the review's figures are the new ones. */}
            {!membership && <BasketNotices notices={basket.notices} onDismiss={() => void basket.dismiss()} />}
            <ReviewStep actor={actor} t={t} snapshot={snapshot} owner={owner} basket={basket.basket} membership={membership} />
          </>
        )}
        {current === 'pay' && <PayStep actor={actor} t={t} snapshot={snapshot} />}
      </section>
    </div>
  );
}
