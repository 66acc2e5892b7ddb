/* The checkout's address step: a saved address or a new one, checked as the server checks it. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { UserAddress } from '../../../../shared/api/shop.js';
import { useHttp } from '../../../app/context.js';
import { countriesQuery } from '../api/basket.js';
import { type CheckoutActor, type CheckoutAddress, type CheckoutProblem, type CheckoutSnapshot } from '../machines/checkout-machine.js';
import { addressesQuery } from './api.js';
import { useCheckoutI18n, type CheckoutT } from './checkout-i18n.js';
import { ADDRESS_MAX_LENGTH, PHONE_PATTERN } from './address-limits.js';
import { describeServerError, localiseServerText } from '../../../ui/forms/server-messages.js';
import { Actions, BackButton } from './checkout-parts.js';

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
export const firstServerField = (problem: CheckoutProblem | null) => ADDRESS_FIELDS.find((f) => serverFieldError(problem, f)) ?? null;

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

export function AddressStep({ actor, t, snapshot, owner }: { actor: CheckoutActor; t: CheckoutT; snapshot: CheckoutSnapshot; owner: number }) {
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
export function useAddressCountry(snapshot: CheckoutSnapshot, owner: number): { country: string | null; label: string | null } {
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
