import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { AuthPage } from '../../../ui/auth-page.js';
import type { SessionOutcome } from '../../../lib/session/machines/session-machine.js';
import { sessionHost } from '../../../lib/session/session-context.js';

/** `/refresh`: exchanges the refresh token for new tokens (SPEC section 4, refresh) and says how it went. */
export function Component() {
  const { t } = useI18n();
  const [outcome, setOutcome] = useState<SessionOutcome | null>(null);
  const [running, setRunning] = useState(true);
  const run = useCallback(async () => {
    setRunning(true);
    const host = await sessionHost();
    const settled = await host.refresh();
    setOutcome(settled.context.outcome);
    setRunning(false);
  }, []);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);
  return (
    <AuthPage title={t('refresh.title')} description={t('refresh.description')}>
      <div className="auth-card">
        <p role="status" className="session-outcome">
          {running ? t('refresh.running') : outcome ? t(outcome) : ''}
        </p>
        <p className="auth-form__actions">
          <button type="button" className="button" disabled={running} onClick={() => void run()}>
            {t('refresh.again')}
          </button>
          <Link className="button button--quiet" to={paths.userHasLogin()}>{t('hasLogin.title')}</Link>
        </p>
      </div>
    </AuthPage>
  );
}
