import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppEnv } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { useSession } from '../../../lib/session/session-context.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { useCommunityI18n } from '../community-i18n.js';

/**
 * `/sso/logout`: where the forum sends a reader who logs out there (its "logout redirect"). The reader is logged
 * out of this site too, in every tab, and the page says so. The server renders the "logging out" state.
 */
export function SsoLogoutPage() {
  const { siteName } = useAppEnv();
  const { t } = useCommunityI18n();
  const { logout } = useSession();
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout().then(
      () => setState('done'),
      () => setState('failed'),
    );
  }, [logout]);
  return (
    <AuthPage title={t('sso.logoutTitle')}>
      {state === 'working' ? (
        <p role="status" className="community-status">{t('sso.loggingOut')}</p>
      ) : (
        <div className="auth-card" role="status">
          <p>{state === 'done' ? t('sso.loggedOut', { site: siteName }) : t('sso.logoutFailed')}</p>
        </div>
      )}
      <ul className="auth-links">
        <li>
          <Link to={paths.login()}>{t('sso.loginAgainLink')}</Link>
        </li>
        <li>
          <Link to={paths.home()}>{t('sso.home')}</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
