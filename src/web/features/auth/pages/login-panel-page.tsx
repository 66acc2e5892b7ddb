import { Link } from 'react-router-dom';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { Head } from '../../../ui/head.js';
import { LoginForm } from '../login-form.js';
import { SignedInNotice } from '../signed-in-notice.js';
import { useSession } from '../../../lib/session/session-context.js';

/** `/user/loginpanel`: the login form alone, with the ways to sign up or log in by code. */
export function Component() {
  const { t } = useI18n();
  const session = useSession();
  return (
    <div className="login-panel">
      <Head title={t('login.title')} noindex />
      <h1 className="visually-hidden">{t('login.title')}</h1>
      {session.loggedIn ? (
        <SignedInNotice />
      ) : (
        <>
          <LoginForm />
          <ul className="auth-links">
            <li><Link to={paths.signup()}>{t('signup.title')}</Link></li>
            <li><Link to={paths.loginCode()}>{t('login.withCode')}</Link></li>
            <li><Link to={paths.lostPassword()}>{t('login.forgot')}</Link></li>
          </ul>
        </>
      )}
    </div>
  );
}
