import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { authPaths, PASSWORD_RESET_MINUTES } from '../../../../shared/api/auth-paths.js';
import { CAPTCHA_FIELD } from '../../../../shared/api/captcha-paths.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { Captcha } from '../../../ui/captcha.js';
import { AuthPage, DoneCard } from '../../../ui/auth-page.js';
import { describeError } from '../../../lib/api-messages.js';
import { FormError, SubmitButton, TextField } from '../../../ui/forms/fields.js';
import { formPostErrorKey } from '../../../lib/forms/form-post.js';
import { useForm } from '../../../lib/forms/use-form.js';
import { checkEmail } from '../../../lib/forms/validation.js';
import { localiseApiError } from '../../../ui/forms/server-messages.js';

const INITIAL = { email: '' };
const validate = (v: typeof INITIAL) => ({ email: checkEmail(v.email) });

/** `/lostpassword`: mails a reset link; the answer is the same whether or not an account uses the address. */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  // Sent back by the server when the form was posted without script (the captcha needs it).
  const errorKey = formPostErrorKey(params.get('error'));
  const form = useForm({ initial: INITIAL, validate, draftKey: 'lostpassword', initialError: errorKey && t(errorKey) });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const [sentTo, setSentTo] = useState('');
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
    try {
      await http.post(authPaths.passwordReset, { email: values.email.trim(), [CAPTCHA_FIELD]: captcha });
      form.clearDraft();
      setSentTo(values.email.trim());
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
    <AuthPage title={t('lostPassword.title')} description={t('lostPassword.description')}>
      {sentTo ? (
        <DoneCard>
          <h2>{t('lostPassword.sentTitle')}</h2>
          <p>{t('lostPassword.sent', { email: sentTo, minutes: PASSWORD_RESET_MINUTES })}</p>
          <p><Link to={paths.login()}>{t('login.title')}</Link></p>
        </DoneCard>
      ) : (
        <form
          className="auth-form"
          method="post"
          action={paths.lostPassword()}
          onSubmit={(event) => void form.submit(event, submit)}
          aria-label={t('lostPassword.title')}
          noValidate
        >
          <TextField form={form} name="email" label={t('signup.email')} type="email" inputMode="email" autoComplete="email" maxLength={254} required />
          <Captcha onChange={onCaptcha} resetKey={captchaReset} error={captchaError} />
          <FormError form={form} />
          <SubmitButton pending={form.pending} label={t('lostPassword.submit')} pendingLabel={t('common.working')} />
        </form>
      )}
      <ul className="auth-links">
        <li><Link to={paths.loginCode()}>{t('login.withCode')}</Link></li>
      </ul>
    </AuthPage>
  );
}
