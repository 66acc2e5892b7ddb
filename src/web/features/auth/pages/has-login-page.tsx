import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { AuthPage } from '../../../ui/auth-page.js';
import type { SessionOutcome } from '../../../lib/session/machines/session-machine.js';
import { sessionHost, useSession } from '../../../lib/session/session-context.js';

/** `/user/haslogin`: whether this device is logged in, after checking the token with the server (VERIFY). */
export function Component() {
  const { t } = useI18n();
  const session = useSession();
  const [outcome, setOutcome] = useState<SessionOutcome | null>(null);
  const [checking, setChecking] = useState(true);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void sessionHost()
      .then((host) => host.verify())
      .then((settled) => {
        setOutcome(settled.context.outcome);
        setChecking(false);
      });
  }, []);
  const name = session.profile?.display_name || session.auth?.username || '';
  return (
    <AuthPage title={t('hasLogin.title')} description={t('hasLogin.description')}>
      <div className="auth-card">
        {checking || !session.ready ? (
          <p role="status">{t('hasLogin.checking')}</p>
        ) : (
          <div role="status">
            <p className="session-outcome">{session.loggedIn ? t('hasLogin.yes', { name }) : t('hasLogin.no')}</p>
            {outcome && <p>{t(outcome)}</p>}
          </div>
        )}
        <p className="auth-form__actions">
          {session.loggedIn ? (
            <Link className="button" to={paths.account()}>{t('account.title')}</Link>
          ) : (
            <Link className="button" to={paths.login(paths.userHasLogin())}>{t('login.title')}</Link>
          )}
          <Link className="button button--quiet" to={paths.refresh()}>{t('refresh.title')}</Link>
        </p>
      </div>
    </AuthPage>
  );
}
