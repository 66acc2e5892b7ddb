import { Link, NavLink, Outlet } from 'react-router-dom';
import { useAppEnv, useI18n } from './context.js';
import { paths } from './paths.js';

export function RootLayout() {
  const { t } = useI18n();
  const { siteName } = useAppEnv();
  return (
    <>
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <header className="site-header">
        <Link to={paths.home()} className="site-header__brand">{siteName}</Link>
        <nav aria-label={t('nav.menu')}>
          <ul className="site-nav">
            <li><NavLink to={paths.home()} end>{t('nav.home')}</NavLink></li>
            <li><NavLink to={paths.topics()}>{t('nav.topics')}</NavLink></li>
            <li><NavLink to={paths.search()}>{t('nav.search')}</NavLink></li>
            <li><NavLink to={paths.about()}>{t('nav.about')}</NavLink></li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
