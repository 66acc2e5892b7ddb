import { useCallback, useState } from 'react';
import { authPaths } from '../../../shared/api/auth-paths.js';
import type { LoginResponse, RegistrationBody } from '../../../shared/api/auth.js';
import { CAPTCHA_FIELD } from '../../../shared/api/captcha-paths.js';
import { useHttp, useI18n } from '../../app/context.js';
import { paths } from '../../app/paths.js';
import { Captcha } from '../../ui/captcha.js';
import { describeError } from '../../lib/api-messages.js';
import { FormError, SubmitButton, TextField } from '../../ui/forms/fields.js';
import { useForm } from '../../lib/forms/use-form.js';
import { checkEmail, checkNewPassword, checkRepeat, checkUsername, USERNAME_MAX } from '../../lib/forms/validation.js';
import { useSession } from '../../lib/session/session-context.js';
import { localiseApiError } from '../../ui/forms/server-messages.js';

const INITIAL = { email: '', username: '', password1: '', password2: '' };
const SECRET = ['password1', 'password2'] as const;
export const validateSignup = (v: typeof INITIAL) => ({
  email: checkEmail(v.email),
  username: checkUsername(v.username),
  password1: checkNewPassword(v.password1, { username: v.username, email: v.email }),
  password2: checkRepeat(v.password2, v.password1),
});

export type RegistrationResponse = LoginResponse & { detail: string };

interface SignupFormProps {
  onSignedUp: (response: RegistrationResponse) => void;
  /** Where to go afterwards; sent along when the form is posted without script. */
  next?: string;
  /** What the server sent back after the form was posted without script: the typed values and the message. */
  initialValues?: { username?: string; email?: string };
  initialError?: string;
}

/** E-mail, username, the password twice and a solved captcha; the new account is logged in at once. */
export function SignupForm({ onSignedUp, next, initialValues, initialError }: SignupFormProps) {
  const http = useHttp();
  const session = useSession();
  const { t, lang } = useI18n();
  const sentBack = Boolean(initialValues?.username || initialValues?.email);
  // Values the server sent back are newer than any draft.
  const form = useForm({
    initial: { ...INITIAL, username: initialValues?.username ?? '', email: initialValues?.email ?? '' },
    validate: validateSignup,
    draftKey: sentBack ? undefined : 'signup',
    secret: SECRET,
    initialError,
  });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const onCaptcha = useCallback((payload: string | null) => {
    setCaptcha(payload);
    if (payload) setCaptchaError('');
  }, []);

  const submit = async (values: typeof form.values) => {
    if (!captcha) {
      setCaptchaError(t('validation.captcha'));
      // The captcha says what it needs beside itself; the message above the button (which takes the focus) points there.
      form.setFormError(t('validation.checkFields'));
      return;
    }
    const body: RegistrationBody = {
      email: values.email.trim(),
      username: values.username.trim(),
      password1: values.password1,
      password2: values.password2,
      [CAPTCHA_FIELD]: captcha,
    };
    try {
      const response = await http.post<RegistrationResponse>(authPaths.registration, body);
      await session.login(response);
      form.clearDraft();
      onSignedUp(response);
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      form.showError(error, describeError(error, t, lang), (name, text) => {
        if (name !== CAPTCHA_FIELD) return false;
        setCaptchaError(text);
        return true;
      });
    } finally {
      setCaptchaReset((n) => n + 1);
    }
  };

  return (
    // Posted, never a GET (the passwords would land in the URL); without script the server answers that the
    // captcha needs it, keeping the username and e-mail.
    <form
      className="auth-form"
      method="post"
      action={paths.signup()}
      onSubmit={(event) => void form.submit(event, submit)}
      aria-labelledby="signup-form-title"
      noValidate
    >
      <h2 id="signup-form-title">{t('signup.formTitle')}</h2>
      {next && next !== '/' && <input type="hidden" name="next" value={next} />}
      <TextField form={form} name="email" label={t('signup.email')} type="email" inputMode="email" autoComplete="email" maxLength={254} required />
      <TextField
        form={form}
        name="username"
        label={t('signup.username')}
        hint={t('signup.usernameHint', { max: USERNAME_MAX })}
        autoComplete="username"
        maxLength={USERNAME_MAX}
        required
      />
      <TextField
        form={form}
        name="password1"
        label={t('signup.password')}
        hint={t('signup.passwordHint')}
        type="password"
        autoComplete="new-password"
        maxLength={128}
        required
      />
      <TextField form={form} name="password2" label={t('signup.password2')} type="password" autoComplete="new-password" maxLength={128} required />
      <Captcha onChange={onCaptcha} resetKey={captchaReset} error={captchaError} />
      <FormError form={form} />
      <SubmitButton pending={form.pending} label={t('signup.submit')} pendingLabel={t('common.working')} />
    </form>
  );
}
