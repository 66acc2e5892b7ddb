import type { ReactNode } from 'react';
import type { Form, FormValues } from '../../lib/forms/use-form.js';
import { useFocusKeptThrough } from './keep-focus.js';

interface TextFieldProps<V extends FormValues> {
  form: Form<V>;
  name: keyof V & string;
  label: string;
  hint?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  maxLength?: number;
  multiline?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/** A labelled input with its hint and its problem, tied to it for screen readers (aria-describedby, aria-invalid). */
export function TextField<V extends FormValues>(props: TextFieldProps<V>) {
  const { form, name, label, hint, type = 'text', autoComplete, inputMode, maxLength, multiline, required, disabled } = props;
  const field = form.field(name, Boolean(hint));
  const error = form.errorOf(name);
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={field.id}>{label}</label>
      {hint && (
        <span id={form.hintIdOf(name)} className="field__hint">
          {hint}
        </span>
      )}
      {multiline ? (
        <textarea {...field} rows={5} maxLength={maxLength} required={required} disabled={disabled} />
      ) : (
        <input
          {...field}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          required={required}
          disabled={disabled}
          spellCheck={type === 'text' ? false : undefined}
          autoCapitalize={type === 'text' || type === 'email' ? 'none' : undefined}
        />
      )}
      {error && (
        <span id={form.errorIdOf(name)} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}

/** The message of a failed call, above the button; it takes focus when it appears (see useForm). */
export function FormError<V extends FormValues>({ form }: { form: Form<V> }) {
  const { bindErrorMessage, formError } = form;
  return (
    <p
      ref={bindErrorMessage}
      className="form-error"
      role="alert"
      tabIndex={-1}
      hidden={!formError}
    >
      {formError}
    </p>
  );
}

/** A polite live region: progress and success are read out without moving focus. */
export function FormStatus({ children, id }: { children?: ReactNode; id?: string }) {
  return (
    <p className="form-status" role="status" id={id}>
      {children}
    </p>
  );
}

/**
 * The submit button of the app's forms. It posts (`formmethod`) whatever its form says: a form sent before
 * the app runs goes to the server as a POST, never as a GET that puts passwords and codes in the URL.
 */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  const ref = useFocusKeptThrough<HTMLButtonElement>(pending);
  return (
    <button ref={ref} type="submit" formMethod="post" className="button" disabled={pending} aria-disabled={pending}>
      {pending ? pendingLabel : label}
    </button>
  );
}

interface SelectFieldProps<V extends FormValues> {
  form: Form<V>;
  name: keyof V & string;
  label: string;
  hint?: string;
  options: { value: string; label: string }[];
}

/** A labelled choice from a short list, with its hint and its problem tied to it like a text field's. */
export function SelectField<V extends FormValues>({ form, name, label, hint, options }: SelectFieldProps<V>) {
  const field = form.field(name, Boolean(hint));
  const error = form.errorOf(name);
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={field.id}>{label}</label>
      {hint && (
        <span id={form.hintIdOf(name)} className="field__hint">
          {hint}
        </span>
      )}
      <select {...field}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={form.errorIdOf(name)} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}
