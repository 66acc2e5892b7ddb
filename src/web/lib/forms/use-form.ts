import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../app/context.js';
import { ApiError } from '../http.js';
import type { Problem } from './validation.js';

export type FormValues = Record<string, string>;
export type Problems<V extends FormValues> = Partial<Record<keyof V & string, Problem | undefined>>;

export interface FormOptions<V extends FormValues> {
  initial: V;
  /** The problems of the current values; shown per field once it was left or the form was sent. */
  validate?: (values: V) => Problems<V>;
  /** Where the typed values survive a reload (sessionStorage), without the `secret` fields. */
  draftKey?: string;
  secret?: readonly (keyof V & string)[];
}

export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  ref: (element: HTMLElement | null) => void;
}

const DRAFT_PREFIX = 'lectern:form:';

function readDraft(key: string): FormValues | undefined {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_PREFIX + key);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return parsed && typeof parsed === 'object' ? (parsed as FormValues) : undefined;
  } catch {
    return undefined;
  }
}

function writeDraft(key: string, values: FormValues | undefined): void {
  try {
    if (values) window.sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(values));
    else window.sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Storage full or refused (private mode): the form works, the draft just does not survive a reload.
  }
}

/**
 * A form's values, its per-field problems (client rules, then the server's `fields`), the message of a failed
 * call, and focus: after a refused submit the first field with a problem, or the error message, takes focus.
 * Typed values stay on errors; non-secret ones also survive a reload of the tab.
 */
export function useForm<V extends FormValues>(options: FormOptions<V>) {
  const { t } = useI18n();
  const { initial, validate, draftKey, secret } = options;
  const baseId = useId();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState(false);
  const elements = useRef(new Map<string, HTMLElement>());
  const errorElement = useRef<HTMLElement | null>(null);
  const bindErrorMessage = useCallback((element: HTMLElement | null) => {
    errorElement.current = element;
  }, []);
  const restored = useRef(false);

  // Restored after hydration, so the server's markup and the first browser render agree.
  useEffect(() => {
    if (!draftKey || restored.current) return;
    restored.current = true;
    const draft = readDraft(draftKey);
    if (!draft) return;
    // Read after hydration on purpose: the server cannot know the draft, and both renders must agree.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues((current) => {
      const next = { ...current };
      for (const name of Object.keys(current)) {
        if (secret?.includes(name) || typeof draft[name] !== 'string') continue;
        (next as FormValues)[name] = draft[name];
      }
      return next;
    });
  }, [draftKey, secret]);

  useEffect(() => {
    if (!draftKey || !restored.current) return;
    const kept: FormValues = {};
    for (const [name, value] of Object.entries(values)) if (!secret?.includes(name)) kept[name] = value;
    writeDraft(draftKey, kept);
  }, [draftKey, secret, values]);

  const problems: Problems<V> = useMemo(() => validate?.(values) ?? {}, [validate, values]);

  const errorOf = useCallback(
    (name: keyof V & string): string | undefined => {
      const server = serverErrors[name];
      if (server) return server;
      const found = problems[name];
      if (!found || !(touched[name] || submitted)) return undefined;
      return t(found.key, found.values);
    },
    [problems, serverErrors, submitted, t, touched],
  );

  const setValue = useCallback((name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  const idOf = (name: string) => `${baseId}-${name}`;
  const errorIdOf = (name: string) => `${baseId}-${name}-error`;
  const hintIdOf = (name: string) => `${baseId}-${name}-hint`;

  const field = (name: keyof V & string, hint = false): FieldProps => {
    const error = errorOf(name);
    const describedBy = [error ? errorIdOf(name) : '', hint ? hintIdOf(name) : ''].filter(Boolean).join(' ');
    return {
      id: idOf(name),
      name,
      value: values[name],
      onChange: (event) => setValue(name, event.target.value),
      onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      ref: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
    };
  };

  const focusFirst = (names: string[]): boolean => {
    for (const name of Object.keys(values)) {
      if (!names.includes(name)) continue;
      const element = elements.current.get(name);
      if (element) {
        element.focus();
        return true;
      }
    }
    return false;
  };

  /**
   * Shows a failed call: the `fields` of a 400 next to their fields (`onField` may take one itself, like the
   * captcha, which is not an input); what no field shows, else `message`, above the button.
   */
  const showError = (error: unknown, message?: string, onField?: (name: string, text: string) => boolean) => {
    const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
    const own: Record<string, string> = {};
    const rest: string[] = [];
    let placed = 0;
    for (const [name, text] of Object.entries(fields)) {
      if (onField?.(name, text)) placed += 1;
      else if (name in values && elements.current.has(name)) {
        own[name] = text;
        placed += 1;
      } else rest.push(text);
    }
    setServerErrors(own);
    const fallback = message ?? (error instanceof Error ? error.message : String(error));
    setFormError(rest.length > 0 ? rest.join(' ') : placed > 0 ? t('validation.checkFields') : fallback);
    requestAnimationFrame(() => {
      if (!focusFirst(Object.keys(own))) errorElement.current?.focus();
    });
  };

  /** The form's submit: checks the rules (focusing the first problem), then runs `send` with the values. */
  const submit = async (event: FormEvent<HTMLFormElement>, send: (values: V) => Promise<void>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFormError('');
    const invalid = Object.entries(problems)
      .filter(([, found]) => found)
      .map(([name]) => name);
    if (invalid.length > 0) {
      focusFirst(invalid);
      return;
    }
    setPending(true);
    try {
      await send(values);
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  };

  const clearDraft = () => {
    if (draftKey) writeDraft(draftKey, undefined);
  };

  return {
    values,
    setValue,
    field,
    errorOf,
    errorIdOf,
    hintIdOf,
    problems,
    pending,
    formError,
    setFormError,
    showError,
    bindErrorMessage,
    submit,
    clearDraft,
    /** Back to the start after a success, e.g. the second form of a flow. */
    reset: (next?: Partial<V>) => {
      setValues({ ...initial, ...next });
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
      setFormError('');
    },
  };
}

export type Form<V extends FormValues> = ReturnType<typeof useForm<V>>;
