import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useHttp } from '../../../app/context.js';
import { ErrorView } from '../../../app/error-page.js';
import { useSession } from '../../../lib/session/session-context.js';
import { sessionUserQuery } from '../../../lib/session/session-user.js';
import { describeServerError } from '../../../ui/forms/server-messages.js';
import { useStaffI18n } from '../staff-i18n.js';
import { staffPaths } from '../staff-paths.js';
import { useWritingI18n } from '../writing/writing-i18n.js';
import { writingPaths } from '../writing/writing-paths.js';
import '../staff.css';

/**
 * The back office's parent route (inside the login-required group): staff see its screens, any other user the
 * forbidden page. The server checks every call again; this only spares a reader screens that would refuse them.
 */
export function Component() {
  const http = useHttp();
  const session = useSession();
  const { t, lang } = useStaffI18n();
  const writing = useWritingI18n();
  const location = useLocation();
  const userId = session.auth?.userid ?? 0;
  const user = useQuery({ ...sessionUserQuery(http, userId), enabled: userId > 0 });

  if (user.data && !user.data.is_staff) return <ErrorView status={403} message={t('staff.staffOnly')} />;
  if (user.error) {
    return (
      <div className="staff">
        <p className="form-error" role="alert">{describeServerError(user.error, t, lang)}</p>
        <button type="button" className="button" onClick={() => void user.refetch()}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!user.data) return <p role="status">{t('common.loading')}</p>;
  const home = location.pathname.replace(/\/$/, '') === staffPaths.home();
  return (
    <div className="staff">
      {!home && (
        <nav className="staff-nav" aria-label={t('staff.sections')}>
          <ul>
            <li><NavLink to={staffPaths.home()} end>{t('staff.home')}</NavLink></li>
            <li><NavLink to={writingPaths.list('article')}>{writing.t('write.articles')}</NavLink></li>
            <li><NavLink to={writingPaths.list('course')}>{writing.t('write.courses')}</NavLink></li>
            <li><NavLink to={staffPaths.pages()}>{t('pagesAdmin.title')}</NavLink></li>
            <li><NavLink to={staffPaths.images()}>{t('imagesAdmin.title')}</NavLink></li>
            <li><NavLink to={staffPaths.documents()}>{t('documentsAdmin.title')}</NavLink></li>
          </ul>
        </nav>
      )}
      <Outlet />
    </div>
  );
}
