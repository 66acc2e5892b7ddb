import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../../../app/context.js';
import { paths } from '../../../app/paths.js';
import { AuthPage } from '../../../ui/auth-page.js';
import { useSession } from '../../../lib/session/session-context.js';

/** `/logout`: revokes the session, clears it in every tab, then goes home. */
export function Component() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { logout } = useSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().finally(() => navigate(paths.home(), { replace: true }));
  }, [logout, navigate]);
  return (
    <AuthPage title={t('auth.logout')}>
      <p role="status">{t('auth.loggingOut')}</p>
    </AuthPage>
  );
}
