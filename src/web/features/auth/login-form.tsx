import { useCallback, useState } from 'react';
import { CAPTCHA_FIELD } from '../../../shared/api/captcha-paths.js';
import type { LoginBody, LoginResponse } from '../../../shared/api/auth.js';
import { useHttp, useI18n } from '../../app/context.js';
import { paths } from '../../app/paths.js';
import { ApiError } from '../../lib/http.js';
import { Captcha } from '../../ui/captcha.js';
import { describeError } from '../../lib/api-messages.js';
import { FormError, SubmitButton, TextField } from '../../ui/forms/fields.js';
import { useForm } from '../../lib/forms/use-form.js';
import { checkLogin, required } from '../../lib/forms/validation.js';
import { useSession } from '../../lib/session/session-context.js';
import { loginWithPassword } from '../../lib/session/session-store.js';
import { localiseApiError } from '../../ui/forms/server-messages.js';

const INITIAL = { login: '', password: '' };
const SECRET = ['password'] as const;
const validate = (v: typeof INITIAL) => ({ login: checkLogin(v.login), password: required(v.password) });

interface LoginFormProps {
  title?: string;
  /** Where to go after logging in; sent along when the form is posted without script. */
  next?: string;
  /** What the server sent back after a form posted without script failed: the typed username and the message. */
  initialLogin?: string;
  initialError?: string;
  /** Called once the session is stored; without it the form stays where it is (the header shows the user). */
  onLoggedIn?: (response: LoginResponse) => void;
}

/**
 * Username (or e-mail) and password. After three failures the server wants a solved captcha: the widget
 * appears when a 400 names `altcha`; a 429 says when to try again. The session stores the login (LOGIN),
 * so every tab sees it.
 */
export function LoginForm({ title, next, initialLogin, initialError, onLoggedIn }: LoginFormProps) {
  const http = useHttp();
  const session = useSession();
  const { t, lang } = useI18n();
  // A username the server sent back is newer than any draft.
  const form = useForm({
    initial: { ...INITIAL, login: initialLogin ?? '' },
    validate,
    draftKey: initialLogin ? undefined : 'login',
    secret: SECRET,
    initialError,
  });
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const onCaptcha = useCallback((payload: string | null) => {
    setCaptcha(payload);
    if (payload) setCaptchaError('');
  }, []);

  const submit = async (values: typeof form.values) => {
    if (captchaNeeded && !captcha) {
      setCaptchaError(t('validation.captcha'));
      form.setFormError(t('login.captchaNeeded'));
      return;
    }
    const login = values.login.trim();
    const body: LoginBody = {
      ...(login.includes('@') ? { email: login } : { username: login }),
      password: values.password,
      ...(captcha ? { [CAPTCHA_FIELD]: captcha } : {}),
    };
    try {
      const response = await loginWithPassword(http, body);
      await session.login(response);
      form.clearDraft();
      onLoggedIn?.(response);
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      // A payload is good for one call, whatever its answer.
      if (captcha) setCaptchaReset((n) => n + 1);
      const wantsCaptcha = error instanceof ApiError && error.status === 400 && Boolean(error.fields?.[CAPTCHA_FIELD]);
      form.showError(error, describeError(error, t, lang), (name, text) => {
        if (name !== CAPTCHA_FIELD) return false;
        setCaptchaNeeded(true);
        // A missing payload is what the form asks for anyway; a refused one says why.
        setCaptchaError(captcha ? text : '');
        return true;
      });
      if (wantsCaptcha) form.setFormError(t('login.captchaNeeded'));
    }
  };

  return (
    // Posted as plain HTML when sent before the app runs (a slow phone) or without script: never a GET, which
    // would put the password in the URL, the server's log and the page cache.
    <form
      className="auth-form login-form"
      method="post"
      action={paths.login()}
      onSubmit={(event) => void form.submit(event, submit)}
      aria-labelledby="login-title"
      noValidate
    >
      <h2 id="login-title">{title ?? t('login.title')}</h2>
      {next && next !== '/' && <input type="hidden" name="next" value={next} />}
      <TextField form={form} name="login" label={t('login.username')} autoComplete="username" maxLength={254} required />
      <TextField form={form} name="password" label={t('login.password')} type="password" autoComplete="current-password" maxLength={256} required />
      {captchaNeeded && <Captcha onChange={onCaptcha} resetKey={captchaReset} error={captchaError} />}
      <FormError form={form} />
      <SubmitButton pending={form.pending} label={t('login.submit')} pendingLabel={t('login.pending')} />
    </form>
  );
}
