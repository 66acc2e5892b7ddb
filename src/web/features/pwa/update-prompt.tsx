import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../../app/context.js';
import { applyUpdate, isUpdateWaiting, subscribeToUpdates } from './register.js';

// The record of pages shown loads after the first page is on screen: a first visit's script carries none of it.
const PageKeeper = lazy(() => import('./page-keeper.js').then((m) => ({ default: m.PageKeeper })));

const notWaiting = () => false;
const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/**
 * "A new version is available." with Reload and Later; shown only while a new version waits. With it, in every
 * page, the record of the pages shown (`PageKeeper`), so each reopens offline.
 */
export function UpdatePrompt() {
  const { t } = useI18n();
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, notWaiting);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  // Rendered in the browser only, once mounted: the server's page and its hydration hold none of it.
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const visible = waiting && !dismissed;
  return (
    // The live region stays in the page so screen readers announce the message when it appears.
    <div className="update-prompt" role="status" aria-live="polite">
      {mounted && (
        <Suspense fallback={null}>
          <PageKeeper />
        </Suspense>
      )}
      {visible && (
        <div className="update-prompt__panel">
          <p className="update-prompt__message">{t('update.available')}</p>
          <button
            type="button"
            className="update-prompt__reload"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              applyUpdate();
            }}
          >
            {t('update.reload')}
          </button>
          <button type="button" className="update-prompt__later" onClick={() => setDismissed(true)}>
            {t('update.later')}
          </button>
        </div>
      )}
    </div>
  );
}
