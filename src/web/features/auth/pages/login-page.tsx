import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useI18n } from '../../../app/context.js';
import { paths, safeNext } from '../../../app/paths.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { LoginForm } from '../login-form.js';
import { SignedInNotice } from '../signed-in-notice.js';
import { formPostErrorKey } from '../../../lib/forms/form-post.js';
import { useSession } from '../../../lib/session/session-context.js';

/**
 * `/login`: username or e-mail and password; afterwards back to `next` (a page that needed login) or home.
 * A form posted without script comes back here on failure with `error` and the typed username in `login`.
 */
export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const errorKey = formPostErrorKey(params.get('error'));
  const navigate = useNavigate();
  const session = useSession();
  return (
    <AuthPage title={t('login.title')} description={t('login.description')}>
      {session.loggedIn ? (
        <SignedInNotice next={next} />
      ) : (
        <>
          <LoginForm
            title={t('login.withPassword')}
            next={next}
            initialLogin={params.get('login') ?? undefined}
            initialError={errorKey && t(errorKey)}
            onLoggedIn={() => void navigate(next, { replace: true })}
          />
          <ul className="auth-links">
            <li><Link to={paths.lostPassword()}>{t('login.forgot')}</Link></li>
            <li><Link to={paths.loginCode(next)}>{t('login.withCode')}</Link></li>
            <li>{t('login.noAccount')} <Link to={paths.signup(next)}>{t('signup.title')}</Link></li>
          </ul>
        </>
      )}
    </AuthPage>
  );
}
