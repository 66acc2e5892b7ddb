import { useId, type ReactNode } from 'react';
import { useOpsI18n } from '../ops-i18n.js';
import { ActionStatus } from './action-status.js';
import { useAction } from './use-action.js';

export interface QuickField {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'datetime-local' | 'checkbox' | 'select';
  options?: { value: string; label: string }[];
  defaultValue?: string | number | boolean;
  hint?: string;
  required?: boolean;
}

type Values = Record<string, string | boolean>;

/**
 * A small back-office form: its fields, one submit button, the server's field messages beside their fields and
 * its other message above the button. `toBody` turns the values into the call's body; `send` makes the call and
 * answers what to say when it worked.
 */
export function QuickForm({ title, fields, submit, toBody, send, children }: { title: string; fields: QuickField[]; submit: string; toBody: (v: Values) => unknown; send: (body: unknown) => Promise<string>; children?: ReactNode }) {
  const { t } = useOpsI18n();
  const action = useAction();
  const id = useId();
  return (
    <form
      className="ops-form"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const values: Values = {};
        for (const f of fields) {
          const input = form.elements.namedItem(f.name) as HTMLInputElement | HTMLSelectElement | null;
          values[f.name] = f.type === 'checkbox' ? Boolean((input as HTMLInputElement | null)?.checked) : (input?.value ?? '').trim();
        }
        void action.run(async () => {
          const message = await send(toBody(values));
          form.reset();
          return message;
        });
      }}
    >
      {fields.map((f) => {
        const error = action.fields[f.name];
        const fieldId = `${id}-${f.name}`;
        const described = [f.hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : ''].filter(Boolean).join(' ') || undefined;
        return (
          <div key={f.name} className={error ? 'field field--invalid' : 'field'}>
            <label htmlFor={fieldId}>{f.label}</label>
            {f.hint && <span id={`${fieldId}-hint`} className="field__hint">{f.hint}</span>}
            {f.type === 'select' ? (
              <select id={fieldId} name={f.name} defaultValue={String(f.defaultValue ?? '')} aria-invalid={Boolean(error)} aria-describedby={described}>
                {f.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </select>
            ) : f.type === 'checkbox' ? (
              <input id={fieldId} name={f.name} type="checkbox" defaultChecked={Boolean(f.defaultValue)} aria-invalid={Boolean(error)} aria-describedby={described} />
            ) : (
              <input id={fieldId} name={f.name} type={f.type ?? 'text'} defaultValue={f.defaultValue === undefined ? undefined : String(f.defaultValue)} required={f.required} aria-invalid={Boolean(error)} aria-describedby={described} />
            )}
            {error && <span id={`${fieldId}-error`} className="field__error">{error}</span>}
          </div>
        );
      })}
      {children}
      <button type="submit" className="button" disabled={action.pending}>{action.pending ? t('common.working') : submit}</button>
      <ActionStatus error={action.error} done={action.done} />
    </form>
  );
}

/** A price typed in major units (42.50) as the minor-unit integer the API takes; not a number stays NaN for the server to refuse. */
export const toMinor = (value: string | boolean) => (value === '' ? NaN : Math.round(Number(value) * 100));
export const toInt = (value: string | boolean) => (value === '' ? null : Number(value));
