/* The checkout's small shared pieces: the step list, problems and basket changes, the buttons' row, the totals. */
import { useId, type ReactNode } from 'react';
import type { PaymentMethod } from '../../../../shared/api/orders-paths.js';
import type { Basket, ShippingMethod } from '../../../../shared/api/shop.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { formatPrice } from '../../../lib/price.js';
import { type CheckoutActor, type CheckoutProblem, type CheckoutStep, type PlacedOrder } from '../machines/checkout-machine.js';
import { useCheckoutI18n, type CheckoutT } from './checkout-i18n.js';
import { basketChanged } from './basket-change.js';
import { localiseServerText } from '../../../ui/forms/server-messages.js';

/** A pending order paid again from the orders page. */
export type PayAgainOrder = PlacedOrder & { method: PaymentMethod };

/** One product bought now, a plan card's membership or a paid course: its product, name and price (the review shows them). */
export interface MembershipPurchase {
  kind: 'membership' | 'course';
  product: number;
  name: string;
  price: number;
  currency: string;
  /** The page the Buy was pressed on: Back from the first step (payment) returns there. */
  backTo: string;
}

const VISIBLE_STEPS = ['basket', 'address', 'shipping', 'payment', 'review', 'pay'] as const;
export const visibleStep = (step: CheckoutStep): (typeof VISIBLE_STEPS)[number] =>
  step === 'basket' || step === 'address' || step === 'shipping' || step === 'payment' || step === 'review' ? step : 'pay';

/**
 * A problem's reason as the shopper reads it: no connection, or the server's refusal in the shopper's language (the
 * text of its one field when it names one, not the message that starts with the field's name).
 */
export function reasonOf(problem: CheckoutProblem | null, t: CheckoutT, lang: Language): string {
  if (problem?.kind === 'network') return t('http.network');
  if (basketChanged(problem)) return t('checkout.basketChanged');
  const fields = Object.values(problem?.fields ?? {});
  return localiseServerText(fields.length === 1 ? fields[0]! : (problem?.message ?? ''), lang);
}

export function ProblemNote({ problem, t }: { problem: CheckoutProblem | null; t: CheckoutT }) {
  const { lang } = useCheckoutI18n();
  if (!problem) return null;
  return (
    <p className="form-error" role="alert">
      {reasonOf(problem, t, lang)}
    </p>
  );
}

/** What the server found changed in the basket when it refused the order: the shopper reads it before paying the new total. */
export function BasketChanges({ changes, t }: { changes: string[]; t: CheckoutT }) {
  const titleId = useId();
  if (changes.length === 0) return null;
  return (
    <section className="basket-notices" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('cart.notices')}</h3>
      <ul>
        {changes.map((change, i) => (
          <li key={i}>{change}</li>
        ))}
      </ul>
    </section>
  );
}

export function StepNav({ step, t, membership }: { step: CheckoutStep; t: CheckoutT; membership: boolean }) {
  const current = visibleStep(step);
  const shown = VISIBLE_STEPS.filter((s) => !membership || (s !== 'address' && s !== 'shipping' && s !== 'basket'));
  return (
    <ol className="checkout-steps" aria-label={t('checkout.steps')}>
      {shown.map((s) => (
        <li key={s} aria-current={s === current ? 'step' : undefined}>
          {t(`checkout.step.${s}`)}
        </li>
      ))}
    </ol>
  );
}

export function Actions({ children }: { children: ReactNode }) {
  return <div className="checkout-actions">{children}</div>;
}

export function BackButton({ actor, t }: { actor: CheckoutActor; t: CheckoutT }) {
  return (
    <button type="button" className="button button--quiet" onClick={() => actor.send({ type: 'BACK' })}>
      {t('checkout.back')}
    </button>
  );
}

/** The server's totals of the basket, with the chosen shipping method's charge when there is one. */
export function BasketTotals({ server, t, shipping }: { server: Basket; t: CheckoutT; shipping: ShippingMethod | null }) {
  const { lang } = useCheckoutI18n();
  const money = (v: number) => formatPrice(lang, v, server.currency);
  const discount = server.total_incl_tax_excl_discounts - server.total_incl_tax;
  return (
    <dl className="cart-totals">
      <dt>{t('checkout.subtotal')}</dt>
      <dd>{money(server.total_incl_tax_excl_discounts)}</dd>
      {discount > 0 && (
        <>
          <dt>{t('checkout.discount')}</dt>
          <dd>−{money(discount)}</dd>
        </>
      )}
      {shipping && (
        <>
          <dt>{t('checkout.shippingCharge')}</dt>
          <dd>{shipping.price === 0 ? t('checkout.free') : money(shipping.price)}</dd>
        </>
      )}
      <dt className="cart-totals__total">{t('checkout.total')}</dt>
      <dd className="cart-totals__total">{money(server.total_incl_tax + (shipping?.price ?? 0))}</dd>
    </dl>
  );
}
