import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../app/context.js';
import { ApiError } from '../http.js';
import type { Problem } from './validation.js';

export type FormValues = Record<string, string>;
export type Problems<V extends FormValues> = Partial<Record<keyof V & string, Problem | undefined>>;

export interface FormOptions<V extends FormValues> {
  initial: V;
  /** The problems of the current values; shown per field once it was left or the form was sent. */
  validate?: (values: V) => Problems<V>;
  /**
   * Where the typed values survive a reload or a lost session (sessionStorage), without the secret fields.
   * Inside a DraftScope a form without one gets a key from the scope and the fields it shows.
   */
  draftKey?: string;
  /** Fields never kept in a draft, besides password inputs and codes, which never are. */
  secret?: readonly (keyof V & string)[];
  /** The message above the button when the form first shows (a page form answered by the server). */
  initialError?: string;
}

/**
 * Turns drafts on for every form inside (e.g. a page of forms a logged-in user fills): `name` prefixes their
 * keys, `owner` is the user the drafts belong to, so one user's text is never restored for another.
 */
export interface DraftScopeValue {
  name: string;
  owner: number;
}

export const DraftScope = createContext<DraftScopeValue | null>(null);

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

/** A stored draft: the user it belongs to (null for a visitor's form, e.g. sign-up) and the kept values. */
interface Draft {
  owner: number | null;
  values: FormValues;
}

function readDraft(key: string): Draft | undefined {
  try {
    const raw = window.sessionStorage.getItem(DRAFT_PREFIX + key);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (!parsed || typeof parsed !== 'object') return undefined;
    const draft = parsed as Partial<Draft>;
    if (!draft.values || typeof draft.values !== 'object') return undefined;
    return { owner: typeof draft.owner === 'number' ? draft.owner : null, values: draft.values };
  } catch {
    return undefined;
  }
}

function writeDraft(key: string, draft: Draft | undefined): void {
  try {
    if (draft) window.sessionStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(draft));
    else window.sessionStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Storage full or refused (private mode): the form works, the draft just does not survive a reload.
  }
}

// Names of secrets whatever their input looks like: passwords, one-time codes, tokens.
const SECRET_NAME = /password|(^|_)code$|otp|token/i;

/** Never kept: a listed secret, a password input, a one-time code, or a field named like one. */
function isSecretField(name: string, element: HTMLElement | undefined, listed: readonly string[] | undefined): boolean {
  if (listed?.includes(name) || SECRET_NAME.test(name)) return true;
  if (!element) return false;
  return element.getAttribute('type') === 'password' || element.getAttribute('autocomplete') === 'one-time-code';
}

/**
 * A form's values, its per-field problems (client rules, then the server's `fields`), the message of a failed
 * call, and focus: after a refused submit the first field with a problem, or the error message, takes focus.
 * Typed values stay on errors. With a draft key (or inside a DraftScope) what the user typed, except secrets,
 * is kept in sessionStorage as they type: it survives a reload and a lost session (the form comes back after
 * logging in again, for the same user only), and is dropped once the form is sent successfully.
 */
export function useForm<V extends FormValues>(options: FormOptions<V>) {
  const { t } = useI18n();
  const { initial, validate, draftKey, secret, initialError } = options;
  const scope = useContext(DraftScope);
  const baseId = useId();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormErrorState] = useState(initialError ?? '');
  const [pending, setPending] = useState(false);
  const elements = useRef(new Map<string, HTMLElement>());
  const errorElement = useRef<HTMLElement | null>(null);
  const bindErrorMessage = useCallback((element: HTMLElement | null) => {
    errorElement.current = element;
  }, []);
  const restored = useRef(false);
  // What the form started with: a draft equal to it is no draft (and never overrides newer values later).
  const startValues = useRef(initial);
  // Set when a send shows an error: the send resolved, but the form was not accepted.
  const refused = useRef(false);
  const owner = scope?.owner ?? null;

  /** A message above the button; a non-empty one means the send was not accepted. */
  const setFormError = useCallback((message: string) => {
    if (message) refused.current = true;
    setFormErrorState(message);
  }, []);

  const isSecret = useCallback((name: string) => isSecretField(name, elements.current.get(name), secret), [secret]);

  /** The storage key, read when needed: inside a scope it names the fields the form shows right now. */
  const keyOfDraft = useCallback((): string | undefined => {
    if (draftKey) return scope ? `${scope.name}:${draftKey}` : draftKey;
    if (!scope) return undefined;
    const shown = [...elements.current.keys()].filter((name) => !isSecret(name)).sort();
    return shown.length > 0 ? `${scope.name}:${shown.join(',')}` : undefined;
  }, [draftKey, scope, isSecret]);

  // Restored after hydration, so the server's markup and the first browser render agree.
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const key = keyOfDraft();
    if (!key) return;
    const draft = readDraft(key);
    if (!draft) return;
    if (draft.owner !== owner) {
      // Someone else's text: never shown here, and not kept either.
      writeDraft(key, undefined);
      return;
    }
    // Read after hydration on purpose: the server cannot know the draft, and both renders must agree.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValues((current) => {
      const next = { ...current };
      for (const name of Object.keys(current)) {
        if (isSecret(name) || typeof draft.values[name] !== 'string') continue;
        (next as FormValues)[name] = draft.values[name];
      }
      return next;
    });
  }, [keyOfDraft, owner, isSecret]);

  // The values last looked at: a render with the same values (after a successful send cleared the draft)
  // writes nothing back.
  const written = useRef<V | null>(null);
  useEffect(() => {
    if (!restored.current || written.current === values) return;
    written.current = values;
    const key = keyOfDraft();
    if (!key) return;
    const kept: FormValues = {};
    let changed = false;
    for (const [name, value] of Object.entries(values)) {
      if (isSecret(name)) continue;
      kept[name] = value;
      if (value !== startValues.current[name]) changed = true;
    }
    writeDraft(key, changed ? { owner, values: kept } : undefined);
  }, [keyOfDraft, owner, isSecret, values]);

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
    refused.current = true;
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
    refused.current = false;
    try {
      await send(values);
      // Accepted: what was typed is saved now, so the draft has done its work.
      if (!refused.current) clearDraft();
    } catch (error) {
      showError(error);
    } finally {
      setPending(false);
    }
  };

  function clearDraft() {
    const key = keyOfDraft();
    if (key) writeDraft(key, undefined);
  }

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
