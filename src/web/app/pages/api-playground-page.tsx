import { useQuery } from '@tanstack/react-query';
import { LoginForm } from '../../features/auth/login-form.js';
import { sessionUserQuery } from '../../lib/session/session-user.js';
import { logout } from '../../lib/session/session-store.js';
import { ApiPlayground } from '../../features/devtools/api-playground.js';
import { useAuthState } from '../../lib/auth-state.js';
import { ApiError } from '../../lib/http.js';
import { Head } from '../../ui/head.js';
import { useHttp, useI18n } from '../context.js';
import { ErrorView } from '../error-page.js';

/**
 * Staff call the API with their own token. The server renders this page as a guest, so who is logged in
 * (and whether they are staff) is found out in the browser.
 */
export function Component() {
  const http = useHttp();
  const { t } = useI18n();
  const { auth, ready } = useAuthState();
  const loggedIn = ready && auth.isLogin === 1;
  const user = useQuery({ ...sessionUserQuery(http, auth.userid), enabled: loggedIn });
  const expired = user.error instanceof ApiError && user.error.status === 401;
  const head = <Head title={t('playground.title')} description={t('playground.intro')} noindex />;

  if (loggedIn && user.data && !user.data.is_staff) return <ErrorView status={403} message={t('playground.staffOnly')} />;

  let body;
  if (!ready || (loggedIn && user.isPending)) body = <p role="status">{t('common.loading')}</p>;
  else if (!loggedIn || expired) body = <LoginForm />;
  else if (user.error) body = <p role="alert" className="form-error">{user.error.message}</p>;
  else {
    body = (
      <>
        <p className="session-bar">
          {t('playground.loggedInAs', { name: user.data?.username ?? auth.username })}{' '}
          <button type="button" className="button button--quiet" onClick={() => void logout(http)}>
            {t('playground.logout')}
          </button>
        </p>
        <ApiPlayground />
      </>
    );
  }
  return (
    <>
      {head}
      <header className="page-header">
        <h1>{t('playground.title')}</h1>
        <p className="page-header__description">{t('playground.intro')}</p>
      </header>
      {body}
    </>
  );
}
