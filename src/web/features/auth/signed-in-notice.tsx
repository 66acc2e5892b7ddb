import { Link } from 'react-router-dom';
import { useI18n } from '../../app/context.js';
import { paths } from '../../app/paths.js';
import { useSession } from '../../lib/session/session-context.js';

/** Shown instead of a login or sign-up form to someone who is logged in already. */
export function SignedInNotice({ next }: { next?: string }) {
  const { t } = useI18n();
  const session = useSession();
  const name = session.profile?.display_name || session.auth?.username || '';
  return (
    <div className="auth-card">
      <p role="status">{t('auth.signedInAs', { name })}</p>
      <p className="auth-form__actions">
        {next && next !== paths.home() ? (
          <Link className="button" to={next}>{t('auth.continue')}</Link>
        ) : (
          <Link className="button" to={paths.account()}>{t('account.title')}</Link>
        )}
        <button type="button" className="button button--quiet" onClick={() => void session.logout()}>
          {t('auth.logout')}
        </button>
      </p>
    </div>
  );
}
