import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { PaymentMethod } from '../../../../shared/api/orders-paths.js';
import { payReturnPath } from '../../../../shared/api/payments-paths.js';
import type { Basket, ShippingMethod, UserAddress } from '../../../../shared/api/shop.js';
import type { Language } from '../../../../shared/i18n/index.js';
import { useHttp } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { formatPrice } from '../../../lib/price.js';
import { countriesQuery, shippingMethodsQuery } from '../api/basket.js';
import { BasketNotices } from '../components/basket-notices.js';
import { useBasket } from '../components/use-basket.js';
import {
  checkoutMachine,
  payAgain,
  readCheckout,
  saveCheckout,
  stepOf,
  type CheckoutActor,
  type CheckoutAddress,
  type CheckoutItem,
  type CheckoutProblem,
  type CheckoutSnapshot,
  type CheckoutStep,
  type PlacedOrder,
} from '../machines/checkout-machine.js';
import { addressesQuery, fetchStatus, paymentMethodsQuery, placeOrder, startPayment } from './api.js';
import { useCheckoutI18n, type CheckoutT } from './checkout-i18n.js';
import { ADDRESS_MAX_LENGTH, PHONE_PATTERN } from './address-limits.js';
import { basketChanged, basketChangesOf } from './basket-change.js';
import { QrCode } from './qr-code.js';
import { describeServerError, localiseServerText } from '../../../ui/forms/server-messages.js';

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

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
const storage = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage);
/** Alipay's and WeChat Pay's mobile pages on a phone, their desktop pages (page pay, a QR code) elsewhere. */
const channelOf = () => (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? 'mobile' : 'pc');

const ADDRESS_FIELDS = ['last_name', 'first_name', 'line1', 'line2', 'line4', 'state', 'postcode', 'country', 'phone_number'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];
const REQUIRED: readonly AddressField[] = ['last_name', 'line1', 'country'];
const AUTOCOMPLETE: Record<AddressField, string> = {
  last_name: 'family-name',
  first_name: 'given-name',
  line1: 'address-line1',
  line2: 'address-line2',
  line4: 'address-level2',
  state: 'address-level1',
  postcode: 'postal-code',
  country: 'country',
  phone_number: 'tel',
};

const VISIBLE_STEPS = ['basket', 'address', 'shipping', 'payment', 'review', 'pay'] as const;
const visibleStep = (step: CheckoutStep): (typeof VISIBLE_STEPS)[number] =>
  step === 'basket' || step === 'address' || step === 'shipping' || step === 'payment' || step === 'review' ? step : 'pay';

/**
 * A problem's reason as the shopper reads it: no connection, or the server's refusal in the shopper's language (the
 * text of its one field when it names one, not the message that starts with the field's name).
 */
function reasonOf(problem: CheckoutProblem | null, t: CheckoutT, lang: Language): string {
  if (problem?.kind === 'network') return t('http.network');
  if (basketChanged(problem)) return t('checkout.basketChanged');
  const fields = Object.values(problem?.fields ?? {});
  return localiseServerText(fields.length === 1 ? fields[0]! : (problem?.message ?? ''), lang);
}

function ProblemNote({ problem, t }: { problem: CheckoutProblem | null; t: CheckoutT }) {
  const { lang } = useCheckoutI18n();
  if (!problem) return null;
  return (
    <p className="form-error" role="alert">
      {reasonOf(problem, t, lang)}
    </p>
  );
}

/** What the server found changed in the basket when it refused the order: the shopper reads it before paying the new total. */
function BasketChanges({ changes, t }: { changes: string[]; t: CheckoutT }) {
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

function StepNav({ step, t, membership }: { step: CheckoutStep; t: CheckoutT; membership: boolean }) {
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

function Actions({ children }: { children: ReactNode }) {
  return <div className="checkout-actions">{children}</div>;
}

function BackButton({ actor, t }: { actor: CheckoutActor; t: CheckoutT }) {
  return (
    <button type="button" className="button button--quiet" onClick={() => actor.send({ type: 'BACK' })}>
      {t('checkout.back')}
    </button>
  );
}

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

/** The server's totals of the basket, with the chosen shipping method's charge when there is one. */
function BasketTotals({ server, t, shipping }: { server: Basket; t: CheckoutT; shipping: ShippingMethod | null }) {
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

const EMPTY_FIELDS: Extract<CheckoutAddress, { kind: 'new' }>['fields'] = {
  first_name: '',
  last_name: '',
  line1: '',
  line2: '',
  line4: '',
  state: '',
  postcode: '',
  country: '',
  phone_number: '',
};

/** The server's message for an address field (`shipping_address.line1`), or the whole address's. */
const serverFieldError = (problem: CheckoutProblem | null, field: AddressField) => problem?.fields[`shipping_address.${field}`] ?? problem?.fields[field];

/** The first field of the new address the server refused, if it refused one: it takes the focus, back at the address step. */
const firstServerField = (problem: CheckoutProblem | null) => ADDRESS_FIELDS.find((f) => serverFieldError(problem, f)) ?? null;

/** What the server's address schema would refuse in each field (trimmed, as the server trims), in the shopper's words. */
function addressErrors(fields: Record<AddressField, string>, t: CheckoutT): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const name of ADDRESS_FIELDS) {
    const value = fields[name].trim();
    if (REQUIRED.includes(name) && !value) errors[name] = t('checkout.required');
    else if (name !== 'country' && value.length > ADDRESS_MAX_LENGTH[name]) errors[name] = t('checkout.tooLong', { max: ADDRESS_MAX_LENGTH[name] });
    else if (name === 'phone_number' && !PHONE_PATTERN.test(value)) errors[name] = t('checkout.phoneChars');
  }
  return errors;
}

function AddressStep({ actor, t, snapshot, owner }: { actor: CheckoutActor; t: CheckoutT; snapshot: CheckoutSnapshot; owner: number }) {
  const http = useHttp();
  const { lang } = useCheckoutI18n();
  const id = useId();
  const addresses = useQuery(addressesQuery(http, owner));
  const countries = useQuery(countriesQuery(http));
  const current = snapshot.context.address;
  const [choice, setChoice] = useState<string>(current?.kind === 'saved' ? String(current.id) : current?.kind === 'new' ? 'new' : '');
  const [fields, setFields] = useState(current?.kind === 'new' ? current.fields : EMPTY_FIELDS);
  const [errors, setErrors] = useState<Partial<Record<AddressField | 'choice', string>>>({});
  const problem = snapshot.context.problem;
  const saved = addresses.data ?? [];
  const effectiveChoice = choice || (saved.length === 0 && addresses.isSuccess ? 'new' : '');
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([lang], { type: 'region' }) : null;
  const shipping = (countries.data ?? []).filter((c) => c.is_shipping_country);
  const refusedField = firstServerField(problem);
  const formShown = !addresses.isPending;
  useEffect(() => {
    // Back from Pay with the server's refusal of a field: the focus goes to that field (the page leaves the heading be).
    if (refusedField && formShown) document.getElementById(`${id}-${refusedField}`)?.focus();
  }, [refusedField, formShown, id]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (effectiveChoice === '') {
      setErrors({ choice: t('checkout.chooseAddress') });
      return;
    }
    if (effectiveChoice !== 'new') {
      actor.send({ type: 'ADDRESS', address: { kind: 'saved', id: Number(effectiveChoice) } });
      return;
    }
    const found = addressErrors(fields, t);
    setErrors(found);
    const first = ADDRESS_FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    actor.send({ type: 'ADDRESS', address: { kind: 'new', fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()])) as typeof fields } });
  };

  const field = (name: AddressField) => {
    const fromServer = serverFieldError(problem, name);
    const error = errors[name] ?? (fromServer && localiseServerText(fromServer, lang));
    const inputId = `${id}-${name}`;
    const common = {
      id: inputId,
      name,
      autoComplete: AUTOCOMPLETE[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${inputId}-error` : undefined,
      required: REQUIRED.includes(name),
    } as const;
    return (
      <div className="field" key={name}>
        <label htmlFor={inputId}>{t(`checkout.field.${name}`)}</label>
        {name === 'country' ? (
          <select {...common} value={fields.country} onChange={(e) => setFields({ ...fields, country: e.target.value })}>
            <option value="">{t('checkout.chooseCountry')}</option>
            {shipping.map((c) => (
              <option key={c.iso_3166_1_a2} value={c.iso_3166_1_a2}>
                {names?.of(c.iso_3166_1_a2) ?? c.printable_name}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type={name === 'phone_number' ? 'tel' : 'text'}
            value={fields[name]}
            onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
          />
        )}
        {error && (
          <p id={`${inputId}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  if (addresses.isPending) return <p role="status">{t('checkout.loading')}</p>;
  const wholeAddressProblem = problem?.fields.shipping_address ?? problem?.fields.address;
  const wholeAddressError = wholeAddressProblem && localiseServerText(wholeAddressProblem, lang);
  return (
    <form onSubmit={submit} noValidate>
      {wholeAddressError && (
        <p className="form-error" role="alert">
          {wholeAddressError}
        </p>
      )}
      {addresses.isError && <p className="form-error">{describeServerError(addresses.error, (k, v) => t(k, v), lang)}</p>}
      <fieldset className="checkout-choices" aria-describedby={errors.choice ? `${id}-choice-error` : undefined}>
        <legend>{t('checkout.savedAddresses')}</legend>
        {saved.map((a: UserAddress) => (
          <label key={a.id} className="checkout-choice">
            <input type="radio" name="address" value={a.id} checked={effectiveChoice === String(a.id)} onChange={() => setChoice(String(a.id))} />
            <span>{formatAddress(a, names)}</span>
          </label>
        ))}
        <label className="checkout-choice">
          <input type="radio" name="address" value="new" checked={effectiveChoice === 'new'} onChange={() => setChoice('new')} />
          <span>{t('checkout.newAddress')}</span>
        </label>
        {errors.choice && (
          <p id={`${id}-choice-error`} className="field__error">
            {errors.choice}
          </p>
        )}
      </fieldset>
      {effectiveChoice === 'new' && <div className="checkout-address">{ADDRESS_FIELDS.map(field)}</div>}
      <Actions>
        <BackButton actor={actor} t={t} />
        <button type="submit" className="button">{t('checkout.continue')}</button>
      </Actions>
    </form>
  );
}

function formatAddress(a: Pick<UserAddress, 'first_name' | 'last_name' | 'line1' | 'line2' | 'line4' | 'postcode' | 'country'>, names: Intl.DisplayNames | null) {
  return [[a.last_name, a.first_name].filter(Boolean).join(' '), a.line1, a.line2, a.line4, a.postcode, names?.of(a.country) ?? a.country].filter(Boolean).join(', ');
}

/** The country the chosen address is in (what shipping is charged for). */
function useAddressCountry(snapshot: CheckoutSnapshot, owner: number): { country: string | null; label: string | null } {
  const http = useHttp();
  const { lang } = useCheckoutI18n();
  const address = snapshot.context.address;
  const addresses = useQuery({ ...addressesQuery(http, owner), enabled: address?.kind === 'saved' });
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([lang], { type: 'region' }) : null;
  if (!address) return { country: null, label: null };
  if (address.kind === 'new') return { country: address.fields.country, label: formatAddress(address.fields, names) };
  const found = addresses.data?.find((a) => a.id === address.id);
  return found ? { country: found.country, label: formatAddress(found, names) } : { country: null, label: null };
}

function useShippingMethods(snapshot: CheckoutSnapshot, owner: number, basket: Basket | null) {
  const http = useHttp();
  const { country } = useAddressCountry(snapshot, owner);
  return useQuery({ ...shippingMethodsQuery(http, owner, country ?? '', basket?.date_updated ?? ''), enabled: Boolean(country && basket) });
}

function ShippingStep({ actor, t, snapshot, owner, basket }: { actor: CheckoutActor; t: CheckoutT; snapshot: CheckoutSnapshot; owner: number; basket: Basket | null }) {
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

function PaymentStep({ actor, t, snapshot, backTo }: { actor: CheckoutActor; t: CheckoutT; snapshot: CheckoutSnapshot; backTo: string | null }) {
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

function ReviewStep({
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

function PayStep({ actor, t, snapshot }: { actor: CheckoutActor; t: CheckoutT; snapshot: CheckoutSnapshot }) {
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
