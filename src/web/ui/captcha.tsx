// Types only: the JSX element and events of the widget. The widget itself loads in an effect (it needs a DOM).
import type {} from 'altcha';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { fromCallback } from 'xstate';
import { captchaPaths, CAPTCHA_FIELD } from '../../shared/api/captcha-paths.js';
import { API_PREFIX } from '../../shared/api/prefix.js';
import { useI18n } from '../app/context.js';
import { CAPTCHA_MESSAGES } from '../lib/captcha/captcha-challenge.js';
import { captchaMachine, captchaMessage, type CaptchaActorRef, type CaptchaSnapshot } from '../lib/captcha/captcha-machine.js';

export const CHALLENGE_URL = `${API_PREFIX}${captchaPaths.challenge}`;

type WidgetState = 'error' | 'expired' | 'verified' | 'verifying' | 'unverified';

/** The widget element after `import('altcha')` has defined it. */
type WidgetElement = HTMLElement & {
  customfetch?: (url: string, init?: RequestInit) => Promise<Response>;
  workers?: number;
  maxnumber?: number;
  reset?: () => void;
};

/**
 * The widget finds and solves the challenge; the machine mirrors it and decides what it says. The host hands
 * the challenge in (the widget's fetch reports it), so the machine gets no URL of its own and never solves.
 */
const widgetMachine = captchaMachine.provide({
  actors: { solveChallenge: fromCallback(() => undefined) },
});

/** The widget's `statechange`, as events of the machine. */
export function forwardWidgetState(actor: CaptchaActorRef, state: WidgetState, payload: string | undefined): void {
  const snapshot = actor.getSnapshot();
  switch (state) {
    case 'verifying':
      // A new attempt, also when the widget refetches on its own after a verified check expired.
      if (!snapshot.matches('unverified')) actor.send({ type: 'RESET' });
      actor.send({ type: 'VERIFY' });
      break;
    case 'verified':
      actor.send({ type: 'SOLVED', payload: payload ?? null });
      break;
    case 'error':
      // Solving fails only when no number up to maxnumber fits; anything earlier is a failed load.
      if (snapshot.matches({ verifying: 'solving' })) actor.send({ type: 'SOLVED', payload: null });
      else if (snapshot.matches('verifying')) actor.send({ type: 'FAILED', reason: 'The widget reported an error.' });
      break;
    case 'expired':
      actor.send({ type: 'EXPIRE' });
      break;
    case 'unverified':
      actor.send({ type: 'RESET' });
      break;
  }
}

/** The fetch the widget loads its challenge with: the answer also goes to the machine, which checks it. */
export function challengeFetch(actor: CaptchaActorRef, send: typeof fetch = (input, init) => fetch(input, init)) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await send(url, init);
    } catch (error) {
      actor.send({ type: 'FAILED', reason: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    const data: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    actor.send({ type: 'CHALLENGE_LOADED', status: response.status, data });
    return response;
  };
}

export interface CaptchaProps {
  /** The solved payload for the form's `altcha` field, or null while there is none. */
  onChange: (payload: string | null) => void;
  /** Changing it starts the check over: a payload is good for one call. */
  resetKey?: number;
  /** A problem to show under the widget (the server refused the payload, or none was given). */
  error?: string;
}

const verifiedOf = (snapshot: CaptchaSnapshot) => (snapshot.matches('verified') ? snapshot.context.payload : null);

/**
 * The ALTCHA 2.3.0 widget (SPEC sections 4, 5, 8, 9): label, worker count, floating offset and every message
 * come from the captcha machine and the reader's language; the machine follows the widget's state changes.
 */
export function Captcha({ onChange, resetKey = 0, error }: CaptchaProps) {
  const { t } = useI18n();
  const errorId = useId();
  const ref = useRef<WidgetElement | null>(null);
  const actor = useActorRef(widgetMachine, {
    input: { hardwareConcurrency: typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency },
  });
  const snapshot = useSelector(actor, (s) => s);
  const payload = verifiedOf(snapshot);
  const message = captchaMessage(snapshot);
  const { label, workers, floatingOffset, challenge, maxNumber } = snapshot.context;

  const strings = useMemo(
    () =>
      JSON.stringify({
        label: t(label),
        verified: t('captcha.verified'),
        verifying: t(CAPTCHA_MESSAGES.verifying),
        waitAlert: t(CAPTCHA_MESSAGES.verifying),
        loading: t('common.loading'),
        verificationRequired: t('captcha.required'),
        expired: t(CAPTCHA_MESSAGES.expired),
        error: message && snapshot.matches('error') ? t(message.key, message.values) : t(CAPTCHA_MESSAGES.failed),
        ariaLinkLabel: 'ALTCHA',
        footer: '',
      }),
    [label, message, snapshot, t],
  );

  const bound = challenge?.maxnumber ?? maxNumber;
  const loaded = useRef(false);
  const settings = useRef({ workers, bound });

  useEffect(() => {
    settings.current = { workers, bound };
    const element = ref.current;
    if (element && loaded.current) element.maxnumber = bound;
  }, [workers, bound]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let active = true;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: WidgetState; payload?: string }>).detail;
      forwardWidgetState(actor, detail.state, detail.payload);
    };
    element.addEventListener('statechange', onState);
    import('altcha').then(
      () => {
        if (!active) return;
        // Properties, not attributes: a function and numbers the server cannot know (the browser's cores).
        element.customfetch = challengeFetch(actor);
        element.workers = settings.current.workers;
        element.maxnumber = settings.current.bound;
        loaded.current = true;
      },
      (err: unknown) => actor.send({ type: 'FAILED', reason: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      active = false;
      element.removeEventListener('statechange', onState);
    };
  }, [actor]);

  useEffect(() => {
    onChange(payload);
    // The form's callback may be a new function each render; only the payload matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payload]);

  const firstReset = useRef(resetKey);
  useEffect(() => {
    if (resetKey === firstReset.current) return;
    firstReset.current = resetKey;
    ref.current?.reset?.();
    actor.send({ type: 'RESET' });
  }, [resetKey, actor]);

  // The checkbox is the widget's own: tie the form's problem to it for screen readers.
  useEffect(() => {
    const box = ref.current?.querySelector('input[type="checkbox"]');
    if (!box) return;
    if (error) {
      box.setAttribute('aria-describedby', errorId);
      box.setAttribute('aria-invalid', 'true');
    } else {
      box.removeAttribute('aria-describedby');
      box.removeAttribute('aria-invalid');
    }
  }, [error, errorId, snapshot]);

  const spoken = snapshot.matches('verified') ? t('captcha.verified') : message ? t(message.key, message.values) : '';
  return (
    <div className={error ? 'captcha captcha--invalid' : 'captcha'}>
      <altcha-widget
        ref={ref}
        challengeurl={CHALLENGE_URL}
        name={CAPTCHA_FIELD}
        strings={strings}
        floatingoffset={floatingOffset}
        hidefooter
        hidelogo
      />
      <p className="visually-hidden" role="status">
        {spoken}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
