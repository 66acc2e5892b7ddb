import { useContext, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link, UNSAFE_DataRouterStateContext, useLocation } from 'react-router-dom';
import { useI18n } from '../../app/context.js';
import { paths } from '../../app/paths.js';
import { DEVICE_COPY_TIMING, isShowingDeviceCopy, subscribeToAnswerSource } from '../../lib/device-copy.js';
import { useOnline } from '../../lib/online-status.js';
import { isOfflineRouteError } from './offline-error.js';
import type { SavedArticle } from './saved-articles.js';

const notFromDevice = () => false;

let loadedFromDevice: boolean | undefined;

/** Whether this document itself was answered by the worker from its cache (its Server-Timing mark). */
function documentFromDevice(): boolean {
  if (loadedFromDevice === undefined) {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    loadedFromDevice = navigation?.serverTiming?.some((entry) => entry.name === DEVICE_COPY_TIMING) ?? false;
  }
  return loadedFromDevice;
}

const neverChanges = () => () => undefined;

/**
 * Its styles (`offline-indicator.css`) are in the page's stylesheet, imported by the entry.
 *
 * "Offline copy": shown while the page comes from this device (the browser is offline, or the worker
 * answered from its cache), with the list of the articles saved on this device, read from Cache Storage.
 * A strip of its own between the header and the page, never floating over a form or a heading. Not where it
 * would be untrue: on the offline view (a page this device has no copy of) and on the offline library (this
 * device's list, no saved copy of a page).
 */
export function OfflineIndicator() {
  const { t } = useI18n();
  const online = useOnline();
  const deviceCopy = useSyncExternalStore(subscribeToAnswerSource, isShowingDeviceCopy, notFromDevice);
  // The server's snapshot (false) during hydration, so the server's markup never has the indicator.
  const loadedFromDevice = useSyncExternalStore(neverChanges, documentFromDevice, notFromDevice);
  const [saved, setSaved] = useState<SavedArticle[] | undefined>();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const onLibrary = useLocation().pathname === paths.offline();
  // The layout sits above the error boundary, so it reads the router's errors: no hook of the router's own
  // tells a layout that a page below it failed.
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  const noCopy = Object.values(errors ?? {}).some(isOfflineRouteError);
  const visible = !onLibrary && !noCopy && (!online || deviceCopy || loadedFromDevice);
  useEffect(() => {
    if (!open) return;
    let active = true;
    // The list's reader loads when the list is first opened, not with the entry chunk.
    void import('./saved-articles.js')
      .then((m) => m.readSavedArticles())
      .then((list) => active && setSaved(list))
      .catch(() => active && setSaved([]));
    return () => {
      active = false;
    };
  }, [open]);
  return (
    // The live region stays in the page so screen readers announce the indicator when it appears.
    <div className={visible ? 'offline-indicator' : 'offline-indicator offline-indicator--empty'} role="status" aria-live="polite">
      {visible && (
        <div className="offline-indicator__bar">
          <span className="offline-indicator__label" title={t('offline.fromDeviceHint')}>
            {t('offline.fromDevice')}
          </span>
          <button type="button" className="offline-indicator__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            {t('offline.saved')}
          </button>
          {open && (
            <section id={panelId} className="offline-indicator__panel" aria-label={t('offline.savedTitle')}>
              {saved?.length === 0 && <p>{t('offline.savedNone')}</p>}
              {saved && saved.length > 0 && (
                <ul>
                  {saved.map((article) => (
                    <li key={article.id}>
                      <Link to={paths.article(article.id)} onClick={() => setOpen(false)}>
                        {article.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
