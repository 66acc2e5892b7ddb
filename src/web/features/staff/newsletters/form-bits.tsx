import { useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/http.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { useNewsI18n } from './newsletters-i18n.js';

/**
 * A form's call: pending while it runs, the server's per-field refusals beside their fields, the other errors and
 * the success line in one status line that screen readers hear.
 */
export function useFormCall() {
  const { t, lang } = useNewsI18n();
  const [pending, setPending] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ text: string; error: boolean }>({ text: '', error: false });
  const run = async (call: () => Promise<string>): Promise<boolean> => {
    setPending(true);
    setFields({});
    setStatus({ text: '', error: false });
    try {
      setStatus({ text: await call(), error: false });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setStatus({ text: describeServerError(error, t, lang), error: true });
      return false;
    } finally {
      setPending(false);
    }
  };
  const fail = (text: string) => setStatus({ text, error: true });
  return { pending, fields, status, run, fail };
}

export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field-error" id={`${id}-error`}>{error}</p>}
    </div>
  );
}

/** `aria-describedby` and `aria-invalid` of a field with a hint and maybe an error. */
export const described = (id: string, error?: string, hint = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
});

export function FormStatus({ status }: { status: { text: string; error: boolean } }) {
  return (
    <p className={status.error ? 'form-error' : 'form-status'} role={status.error ? 'alert' : 'status'}>
      {status.text}
    </p>
  );
}
