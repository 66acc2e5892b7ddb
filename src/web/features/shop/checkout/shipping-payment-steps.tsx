/* The checkout's shipping and payment steps: the methods for the chosen address's country, and how to pay. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentMethod } from '../../../../shared/api/orders-paths.js';
import type { Basket } from '../../../../shared/api/shop.js';
import { useHttp } from '../../../app/context.js';
import { formatPrice } from '../../../lib/price.js';
import { shippingMethodsQuery } from '../api/basket.js';
import { type CheckoutActor, type CheckoutSnapshot } from '../machines/checkout-machine.js';
import { paymentMethodsQuery } from './api.js';
import { useCheckoutI18n, type CheckoutT } from './checkout-i18n.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { Actions, BackButton } from './checkout-parts.js';
import { useAddressCountry } from './address-step.js';

export function useShippingMethods(snapshot: CheckoutSnapshot, owner: number, basket: Basket | null) {
  const http = useHttp();
  const { country } = useAddressCountry(snapshot, owner);
  return useQuery({ ...shippingMethodsQuery(http, owner, country ?? '', basket?.date_updated ?? ''), enabled: Boolean(country && basket) });
}

export function ShippingStep({ actor, t, snapshot, owner, basket }: { actor: CheckoutActor; t: CheckoutT; snapshot: CheckoutSnapshot; owner: number; basket: Basket | null }) {
  const { lang, main } = useCheckoutI18n();
  const id = useId();
  const methods = useShippingMethods(snapshot, owner, basket);
  const [code, setCode] = useState(snapshot.context.shippingCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const known = methods.data?.some((m) => m.code === code);
    if (!known) setError(t('checkout.chooseOne'));
    else actor.send({ type: 'SHIPPING', code });
  };
  return (
    <form onSubmit={submit} noValidate>
      {methods.isPending && <p role="status">{t('checkout.loading')}</p>}
      {methods.isError && <p className="form-error">{describeServerError(methods.error, main, lang)}</p>}
      {methods.data?.length === 0 && <p>{t('checkout.noShippingMethods')}</p>}
      {methods.data && methods.data.length > 0 && (
        <fieldset className="checkout-choices" aria-describedby={error ? `${id}-error` : undefined}>
          <legend>{t('checkout.shippingTitle')}</legend>
          {methods.data.map((m) => (
            <label key={m.code} className="checkout-choice">
              <input type="radio" name="shipping" value={m.code} checked={code === m.code} onChange={() => setCode(m.code)} />
              <span>
                {m.name} — <strong>{m.price === 0 ? t('checkout.free') : formatPrice(lang, m.price, basket?.currency ?? 'CNY')}</strong>
              </span>
            </label>
          ))}
          {error && (
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          )}
        </fieldset>
      )}
      <Actions>
        <BackButton actor={actor} t={t} />
        <button type="submit" className="button" disabled={!methods.data?.length}>{t('checkout.continue')}</button>
      </Actions>
    </form>
  );
}

export function PaymentStep({ actor, t, snapshot, backTo }: { actor: CheckoutActor; t: CheckoutT; snapshot: CheckoutSnapshot; backTo: string | null }) {
  const http = useHttp();
  const { lang, main } = useCheckoutI18n();
  const id = useId();
  const methods = useQuery(paymentMethodsQuery(http));
  const offered = methods.data?.methods ?? [];
  const [method, setMethod] = useState<PaymentMethod | ''>(snapshot.context.method ?? '');
  const [error, setError] = useState<string | null>(null);
  const chosen = method || (offered.length === 1 ? offered[0].code : '');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen || !offered.some((m) => m.code === chosen)) setError(t('checkout.chooseOne'));
    else actor.send({ type: 'METHOD', method: chosen });
  };
  return (
    <form onSubmit={submit} noValidate>
      {methods.isPending && <p role="status">{t('checkout.loading')}</p>}
      {methods.isError && <p className="form-error">{describeServerError(methods.error, main, lang)}</p>}
      {methods.isSuccess && offered.length === 0 && <p>{t('checkout.noMethods')}</p>}
      {offered.length > 0 && (
        // Named by the step's heading, which asks the same question: the words are not shown twice.
        <fieldset className="checkout-choices" aria-labelledby="checkout-step-title" aria-describedby={error ? `${id}-error` : undefined}>
          {offered.map((m) => (
            <label key={m.code} className="checkout-choice">
              <input type="radio" name="payment" value={m.code} checked={chosen === m.code} onChange={() => setMethod(m.code)} />
              <span>{t(`checkout.method.${m.code}`)}</span>
            </label>
          ))}
          {error && (
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          )}
        </fieldset>
      )}
      <Actions>
        {/* A plan or a course is bought from its own page, the first step here: Back returns there. */}
        {backTo ? (
          <Link className="button button--quiet" to={backTo}>
            {t('checkout.back')}
          </Link>
        ) : (
          <BackButton actor={actor} t={t} />
        )}
        <button type="submit" className="button" disabled={offered.length === 0}>{t('checkout.continue')}</button>
      </Actions>
    </form>
  );
}
