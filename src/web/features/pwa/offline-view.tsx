import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useI18n } from '../../app/context.js';
import { Head } from '../../ui/head.js';

/**
 * The route error of kind "offline": an in-app navigation whose API call found neither the network nor
 * a stored answer. When the worker holds the rendered page (a page loaded in full before, or the page a
 * visitor landed on), that copy is opened instead: a full load the worker answers from the device.
 * Otherwise the reader sees the offline message, in their language, with a retry.
 */
export function OfflineView() {
  const { t } = useI18n();
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
      <Head title={t('offline.title')} description={t('offline.message')} noindex />
      <h1 id="offline-title">{t('offline.title')}</h1>
      <p className="error-page__message">{t('offline.message')}</p>
      {/* Runs the page's loaders again: the stored answer, or the network when it is back. */}
      <button type="button" className="button" onClick={() => void navigate(to, { replace: true })}>
        {t('offline.retry')}
      </button>
    </section>
  );
}
