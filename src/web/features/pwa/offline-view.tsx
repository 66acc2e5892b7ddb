import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { createFeatureI18n } from '../../lib/feature-i18n.js';
import { Head } from '../../ui/head.js';

/**
 * What the view says, true of every page it is shown for: this page's content is not on the device (never opened
 * here, or what it showed is not kept: a personal page, an answer that expired), and where what is kept can be found.
 * The first sentence is the offline page's (public/offline.html).
 */
const useOfflineViewI18n = createFeatureI18n({
  en: {
    'offlineView.message': 'This page has not been saved on this device yet. It opens again once you are back online.',
    'offlineView.kept': 'Saved on this device',
  },
  'zh-CN': {
    'offlineView.message': '此页面尚未保存到本设备。恢复联网后即可再次打开。',
    'offlineView.kept': '本设备上的离线内容',
  },
});

/**
 * The route error of kind "offline": an in-app navigation whose API call found neither the network nor
 * a stored answer. When the worker holds the rendered page (a page loaded in full before, or the page a
 * visitor landed on), that copy is opened instead: a full load the worker answers from the device.
 * Otherwise the reader sees the offline message, in their language, with a retry.
 */
export function OfflineView() {
  const { t } = useOfflineViewI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const to = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    let active = true;
    // Only a page the worker controls can be answered from its cache; without it a full load would fail.
    if (!navigator.serviceWorker?.controller) return;
    // The cache reader loads here, with the first offline failure, not with the entry chunk.
    void import('./saved-articles.js')
      .then((m) => m.hasStoredPage(window.location.href))
      .then((stored) => {
        if (active && stored) window.location.replace(window.location.href);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [to]);
  return (
    <section className="error-page offline-view" aria-labelledby="offline-title">
      <Head title={t('offline.title')} description={t('offlineView.message')} noindex />
      <h1 id="offline-title">{t('offline.title')}</h1>
      <p className="error-page__message">{t('offlineView.message')}</p>
      {/* Runs the page's loaders again: the stored answer, or the network when it is back. */}
      <button type="button" className="button" onClick={() => void navigate(to, { replace: true })}>
        {t('offline.retry')}
      </button>{' '}
      <Link to={paths.offline()} className="button button--quiet">
        {t('offlineView.kept')}
      </Link>
    </section>
  );
}
