import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../../app/context.js';
import { paths, safeNext } from '../../../app/paths.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { CodeLoginForm } from '../code-login-form.js';
import { SignedInNotice } from '../signed-in-notice.js';
import { formPostErrorKey } from '../../../lib/forms/form-post.js';
import { useSession } from '../../../lib/session/session-context.js';

/** `/login/v1`: a code by e-mail or SMS logs in (or makes the account first: auto sign-in). */
export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // Sent back by the server when the form was posted without script (the captcha needs it).
  const errorKey = formPostErrorKey(params.get('error'));
  const navigate = useNavigate();
  const session = useSession();
  return (
    <AuthPage title={t('codeLogin.pageTitle')} description={t('codeLogin.description')}>
      {session.loggedIn ? (
        <SignedInNotice next={next} />
      ) : (
        <>
          {errorKey && (
            <p className="form-error" role="alert">
              {t(errorKey)}
            </p>
          )}
          <CodeLoginForm action="auto_sign_in" onLoggedIn={() => void navigate(next, { replace: true })} />
          <ul className="auth-links">
            <li><Link to={paths.login(next)}>{t('login.withPasswordLink')}</Link></li>
          </ul>
        </>
      )}
    </AuthPage>
  );
}
