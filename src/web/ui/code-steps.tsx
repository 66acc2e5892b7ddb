import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { CAPTCHA_FIELD } from '../../shared/api/captcha-paths.js';
import { CODE_LENGTH } from '../../shared/api/messaging-paths.js';
import { useHttp, useI18n } from '../app/context.js';
import { Captcha } from './captcha.js';
import { destinationField, sendCode, type CodeAction, type CodeChannel } from '../lib/code-api.js';
import { describeError } from '../lib/api-messages.js';
import { FormError, FormStatus, SubmitButton, TextField } from './forms/fields.js';
import { useCountdown } from '../lib/use-countdown.js';
import { useForm } from '../lib/forms/use-form.js';
import { checkCode, checkEmail, checkMobile } from '../lib/forms/validation.js';
import { localiseApiError } from './forms/server-messages.js';

const DESTINATION = { email: '', mobile: '' };
const CODE = { code: '' };
const validateCode = (v: typeof CODE) => ({ code: checkCode(v.code) });

export interface CodeStepsProps {
  channel: CodeChannel;
  action: CodeAction;
  /** Send to the address or number on file; without it the reader types one. */
  fixedDestination?: string;
  sendTitle: string;
  confirmLabel: string;
  /** Uses the code; a thrown ApiError is shown on the code step. */
  onCode: (destination: string, code: string) => Promise<void>;
  /** Shown at the top of the first step (e.g. the choice of channel). */
  children?: ReactNode;
  draftKey?: string;
  onCancel?: () => void;
  /** 2 on a page of its own, 3 inside a section. */
  headingLevel?: 2 | 3;
}

/**
 * The two steps of every code flow: send a code (the destination and a solved captcha), then enter it. The
 * server allows one code a minute: "send another" waits for that.
 */
export function CodeSteps(props: CodeStepsProps) {
  const { channel, action, fixedDestination, sendTitle, confirmLabel, onCode, children, draftKey, onCancel, headingLevel = 3 } = props;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const http = useHttp();
  const { t, lang } = useI18n();
  const field = destinationField(channel);
  const validateDestination = useCallback(
    (v: typeof DESTINATION) => {
      if (fixedDestination !== undefined) return {};
      return channel === 'email' ? { email: checkEmail(v.email) } : { mobile: checkMobile(v.mobile) };
    },
    [channel, fixedDestination],
  );
  const where = useForm({ initial: DESTINATION, validate: validateDestination, draftKey });
  const codeForm = useForm({ initial: CODE, validate: validateCode });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const [sent, setSent] = useState<{ destination: string; minutes: number } | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useCountdown(resendAt);
  const codeHeading = useRef<HTMLHeadingElement>(null);
  // The second step takes focus when it appears, so the reader lands on what to do next.
  useEffect(() => {
    if (sent) codeHeading.current?.focus();
  }, [sent]);
  const onCaptcha = useCallback((payload: string | null) => {
    setCaptcha(payload);
    if (payload) setCaptchaError('');
  }, []);

  const send = async (values: typeof where.values) => {
    if (!captcha) {
      setCaptchaError(t('validation.captcha'));
      // The captcha says what it needs beside itself; the message above the button (which takes the focus) points there.
      where.setFormError(t('validation.checkFields'));
      return;
    }
    const destination = (fixedDestination ?? values[field]).trim();
    try {
      const answer = await sendCode(http, channel, destination, action, captcha);
      setSent({ destination, minutes: Math.round(answer.expires_in / 60) });
      setResendAt(Date.now() + answer.resend_in * 1000);
      codeForm.reset();
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      where.showError(error, describeError(error, t, lang), (name, text) => {
        if (name !== CAPTCHA_FIELD) return false;
        setCaptchaError(text);
        return true;
      });
    } finally {
      setCaptchaReset((n) => n + 1);
    }
  };

  const confirm = async (values: typeof codeForm.values) => {
    if (!sent) return;
    try {
      await onCode(sent.destination, values.code.trim());
      where.clearDraft();
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      codeForm.showError(error, describeError(error, t, lang));
    }
  };

  const cancel = onCancel && (
    <button type="button" className="button button--quiet" onClick={onCancel}>
      {t('common.cancel')}
    </button>
  );

  if (sent) {
    return (
      <form className="auth-form code-steps" onSubmit={(event) => void codeForm.submit(event, confirm)} noValidate>
        <Heading className="code-steps__title" ref={codeHeading} tabIndex={-1}>
          {t('codeLogin.enterCode')}
        </Heading>
        <FormStatus>{t('codeLogin.sent', { destination: sent.destination, minutes: sent.minutes })}</FormStatus>
        <TextField
          form={codeForm}
          name="code"
          label={t('codeLogin.code')}
          hint={t('codeLogin.codeHint', { length: CODE_LENGTH })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          required
        />
        <FormError form={codeForm} />
        <div className="auth-form__actions">
          <SubmitButton pending={codeForm.pending} label={confirmLabel} pendingLabel={t('common.working')} />
          <button type="button" className="button button--quiet" disabled={wait > 0} onClick={() => setSent(null)}>
            {wait > 0 ? t('codeLogin.resendIn', { seconds: wait }) : t('codeLogin.again')}
          </button>
          {cancel}
        </div>
      </form>
    );
  }

  return (
    <form className="auth-form code-steps" onSubmit={(event) => void where.submit(event, send)} noValidate>
      <Heading className="code-steps__title">{sendTitle}</Heading>
      {children}
      {fixedDestination !== undefined ? (
        <p>{t('codeLogin.sendTo', { destination: fixedDestination })}</p>
      ) : channel === 'email' ? (
        <TextField form={where} name="email" label={t('signup.email')} type="email" autoComplete="email" inputMode="email" maxLength={254} required />
      ) : (
        <TextField form={where} name="mobile" label={t('codeLogin.mobile')} type="tel" autoComplete="tel" inputMode="tel" maxLength={32} required />
      )}
      <Captcha onChange={onCaptcha} resetKey={captchaReset} error={captchaError} />
      <FormError form={where} />
      <div className="auth-form__actions">
        <SubmitButton pending={where.pending} label={t('codeLogin.send')} pendingLabel={t('common.working')} />
        {cancel}
      </div>
    </form>
  );
}
