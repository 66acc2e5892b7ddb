import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../../app/context.js';
import { paths, safeNext } from '../../../app/paths.js';
import { AuthPage, DoneCard } from '../../../ui/auth-page.js';
import { SignedInNotice } from '../signed-in-notice.js';
import { SignupForm, type RegistrationResponse } from '../signup-form.js';
import { formPostErrorKey } from '../../../lib/forms/form-post.js';
import { useSession } from '../../../lib/session/session-context.js';

/** `/signup`: a new account, logged in at once; its e-mail address waits for the mailed confirmation link. */
export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // Sent back by the server when the form was posted without script (the captcha needs it).
  const errorKey = formPostErrorKey(params.get('error'));
  const session = useSession();
  const [created, setCreated] = useState<RegistrationResponse | null>(null);
  return (
    <AuthPage title={t('signup.title')} description={t('signup.description')}>
      {created ? (
        <DoneCard>
          <h2>{t('signup.doneTitle', { name: created.user.username })}</h2>
          <p>{t('signup.confirmEmail', { email: created.user.email })}</p>
          <p className="auth-form__actions">
            <Link className="button" to={next}>{t('auth.continue')}</Link>
            <Link className="button button--quiet" to={paths.account()}>{t('account.title')}</Link>
          </p>
        </DoneCard>
      ) : session.loggedIn ? (
        <SignedInNotice next={next} />
      ) : (
        <>
          <SignupForm
            onSignedUp={setCreated}
            next={next}
            initialValues={{ username: params.get('login') ?? undefined, email: params.get('email') ?? undefined }}
            initialError={errorKey && t(errorKey)}
          />
          <ul className="auth-links">
            <li>{t('signup.haveAccount')} <Link to={paths.login(next)}>{t('login.title')}</Link></li>
            <li><Link to={paths.signupCode(next)}>{t('signup.withCode')}</Link></li>
          </ul>
        </>
      )}
    </AuthPage>
  );
}
