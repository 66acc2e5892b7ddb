import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CodeLoginResponse } from '../../../../shared/api/auth.js';
import { useI18n } from '../../../app/context.js';
import { paths, safeNext } from '../../../app/paths.js';
import { AuthPage, DoneCard } from '../../../ui/auth-page.js';
import { CodeLoginForm } from '../code-login-form.js';
import { SignedInNotice } from '../signed-in-notice.js';
import { formPostErrorKey } from '../../../lib/forms/form-post.js';
import { useSession } from '../../../lib/session/session-context.js';

/** `/signup/v1`: a new account from a code sent by e-mail or SMS; it has no password until one is set. */
export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // Sent back by the server when the form was posted without script (the captcha needs it).
  const errorKey = formPostErrorKey(params.get('error'));
  const session = useSession();
  const [created, setCreated] = useState<CodeLoginResponse | null>(null);
  return (
    <AuthPage title={t('signup.codeTitle')} description={t('signup.codeDescription')}>
      {created ? (
        <DoneCard>
          <h2>{t('signup.doneTitle', { name: created.user.username })}</h2>
          <p>{t('signup.setPasswordLater')}</p>
          <p className="auth-form__actions">
            <Link className="button" to={paths.account()}>{t('account.title')}</Link>
            <Link className="button button--quiet" to={next}>{t('auth.continue')}</Link>
          </p>
        </DoneCard>
      ) : session.loggedIn ? (
        <SignedInNotice next={next} />
      ) : (
        <>
          {errorKey && (
            <p className="form-error" role="alert">
              {t(errorKey)}
            </p>
          )}
          <CodeLoginForm action="signup" onLoggedIn={setCreated} />
          <ul className="auth-links">
            <li><Link to={paths.signup(next)}>{t('signup.withPassword')}</Link></li>
            <li>{t('signup.haveAccount')} <Link to={paths.login(next)}>{t('login.title')}</Link></li>
          </ul>
        </>
      )}
    </AuthPage>
  );
}
