import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { authPaths } from '../../../../shared/api/auth-paths.js';
import { useHttp, useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { AuthPage, DoneCard } from '../../../ui/auth-page.js';
import { describeError } from '../../../lib/api-messages.js';
import { FormError, SubmitButton, TextField } from '../../../ui/forms/fields.js';
import { formPostErrorKey } from '../../../lib/forms/form-post.js';
import { useForm } from '../../../lib/forms/use-form.js';
import { checkNewPassword, checkRepeat } from '../../../lib/forms/validation.js';
import { useSession } from '../../../lib/session/session-context.js';
import { localiseApiError } from '../../../ui/forms/server-messages.js';

const INITIAL = { new_password1: '', new_password2: '' };
const SECRET = ['new_password1', 'new_password2'] as const;
const validate = (v: typeof INITIAL) => ({
  new_password1: checkNewPassword(v.new_password1),
  new_password2: checkRepeat(v.new_password2, v.new_password1),
});

/**
 * `/reset?uid=&token=`: the mailed link's page. A new password ends every session of the account, so this
 * device is logged out too, and the reader logs in with the new password.
 */
export function Component() {
  const http = useHttp();
  const { t, lang } = useI18n();
  const session = useSession();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const token = params.get('token') ?? '';
  // Sent back by the server when the form was posted without script.
  const errorKey = formPostErrorKey(params.get('error'));
  const form = useForm({ initial: INITIAL, validate, secret: SECRET, initialError: errorKey && t(errorKey) });
  const [done, setDone] = useState(false);

  const submit = async (values: typeof form.values) => {
    try {
      await http.post(authPaths.passwordResetConfirm, { uid, token, ...values });
      if (session.loggedIn) await session.logout();
      setDone(true);
    } catch (caught) {
      const error = localiseApiError(caught, lang);
      form.showError(error, describeError(error, t, lang));
    }
  };

  let body;
  if (done) {
    body = (
      <DoneCard>
        <h2>{t('reset.doneTitle')}</h2>
        <p>{t('reset.done')}</p>
        <p><Link className="button" to={paths.login()}>{t('login.title')}</Link></p>
      </DoneCard>
    );
  } else if (!uid || !token) {
    body = (
      <div className="auth-card">
        <p role="alert">{t('reset.incomplete')}</p>
        <p><Link to={paths.lostPassword()}>{t('reset.askAgain')}</Link></p>
      </div>
    );
  } else {
    body = (
      // Posted, never a GET: the new password must not land in a URL. The link's uid and token stay in the action.
      <form
        className="auth-form"
        method="post"
        action={`${paths.reset()}?${new URLSearchParams({ uid, token }).toString()}`}
        onSubmit={(event) => void form.submit(event, submit)}
        aria-label={t('reset.title')}
        noValidate
      >
        <TextField
          form={form}
          name="new_password1"
          label={t('reset.password')}
          hint={t('signup.passwordHint')}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          required
        />
        <TextField form={form} name="new_password2" label={t('signup.password2')} type="password" autoComplete="new-password" maxLength={128} required />
        <FormError form={form} />
        {form.formError && (
          <p>
            <Link to={paths.lostPassword()}>{t('reset.askAgain')}</Link>
          </p>
        )}
        <SubmitButton pending={form.pending} label={t('reset.submit')} pendingLabel={t('common.working')} />
      </form>
    );
  }
  return (
    <AuthPage title={t('reset.title')} description={t('reset.description')}>
      {body}
    </AuthPage>
  );
}
