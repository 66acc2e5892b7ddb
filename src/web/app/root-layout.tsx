import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useLoaderData, useLocation } from 'react-router-dom';
import { useAppEnv, useI18n } from './context.js';
import { BasketCorner, SettingsMenu } from './header-controls.js';
import { SHOP_NAV_LABEL } from '../features/shop/shop-entry.js';
import { feedPaths, paths } from './paths.js';
import { UpdatePrompt } from '../features/pwa/update-prompt.js';
import { OfflineIndicator } from '../features/pwa/offline-indicator.js';
import { AccountMenu, SessionNotice } from '../features/auth/account-menu.js';
import { SessionProvider } from '../lib/session/session-context.js';
import type { FooterPage } from '../features/pages/footer-pages.js';

/** After an in-app navigation, focus moves to the new page's content, as a page load would. */
function useFocusOnNavigation() {
  const { pathname, search } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const before = shown.current;
    shown.current = pathname;
    if (before === null) return;
    const focused = document.activeElement;
    const main = document.getElementById('main');
    // The new page focused its own heading (one only a script can focus: after a deletion, say), and the pages'
    // effects run before this one's: it keeps the focus.
    if (focused instanceof HTMLHeadingElement && focused.tabIndex === -1 && main?.contains(focused)) return;
    // A new page: its main takes focus. Only the query changed (another page of a list, a search, a filter):
    // focus stays where the reader left it, unless what held it is gone, when it would fall to the body.
    const lost = focused === null || focused === document.body;
    if (before !== pathname || lost) main?.focus({ preventScroll: true });
  }, [pathname, search]);
}

export function RootLayout() {
  const { t, lang } = useI18n();
  const { siteName } = useAppEnv();
  // The root route's data: the footer's page links.
  const sitePages = useLoaderData() as FooterPage[];
  useFocusOnNavigation();
  return (
    <SessionProvider>
      <a className="skip-link" href="#main">{t('nav.skip')}</a>
      <header className="site-header">
        <div className="site-header__bar">
          <Link to={paths.home()} className="site-header__brand">
            <img className="site-header__logo" src="/favicon.svg" alt="" width={32} height={32} />
            <span className="site-header__name">{siteName}</span>
          </Link>
          <div className="site-header__controls">
            <Link to={paths.search()} className="icon-button site-header__search">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <circle cx="10.5" cy="10.5" r="6.5" />
                <path d="m15.5 15.5 5 5" />
              </svg>
              <span className="visually-hidden">{t('nav.search')}</span>
            </Link>
            <SettingsMenu />
            <BasketCorner />
            <AccountMenu />
          </div>
        </div>
        {/* On a phone the links scroll sideways: the faded edge and its arrow show there is more (drawn by the
            stylesheet, following the scroll; a screen reader finds every link in the list). */}
        <div className="site-nav-frame">
          <nav className="site-nav" aria-label={t('nav.menu')}>
            <ul>
              <li><NavLink to={paths.home()} end>{t('nav.home')}</NavLink></li>
              <li><NavLink to={paths.topics()}>{t('nav.topics')}</NavLink></li>
              <li><NavLink to={paths.essentials()}>{t('nav.essentials')}</NavLink></li>
              <li><NavLink to={paths.courses()}>{t('nav.courses')}</NavLink></li>
              <li><NavLink to={paths.search()}>{t('nav.search')}</NavLink></li>
              <li><NavLink to={paths.about()} end>{t('nav.about')}</NavLink></li>
              <li><NavLink to={paths.member()}>{t('nav.member')}</NavLink></li>
              <li><NavLink to={paths.shop()}>{SHOP_NAV_LABEL[lang]}</NavLink></li>
            </ul>
          </nav>
        </div>
      </header>
      <OfflineIndicator />
      <SessionNotice />
      <main id="main" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <UpdatePrompt />
      <footer className="site-footer">
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            <li><Link to={paths.about()}>{t('footer.about')}</Link></li>
            <li><Link to={paths.aboutRss()}>{t('footer.rss')}</Link></li>
            <li><a href={feedPaths.rss()} type="application/rss+xml">{t('footer.feed')}</a></li>
            <li><Link to={paths.disclosures()}>{t('footer.disclosures')}</Link></li>
            <li><Link to={paths.essentials()}>{t('footer.essentials')}</Link></li>
            <li><Link to={paths.community()}>{t('footer.community')}</Link></li>
            {sitePages.map((page) => (
              <li key={page.slug}><Link to={paths.page(page.slug)}>{page.title}</Link></li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__name">{siteName}</p>
      </footer>
      <ScrollRestoration />
    </SessionProvider>
  );
}
