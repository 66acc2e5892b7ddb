import { useState, useSyncExternalStore } from 'react';
import { useI18n } from '../../app/context.js';
import { applyUpdate, isUpdateWaiting, subscribeToUpdates } from './register.js';

const notWaiting = () => false;

/** "A new version is available." with Reload and Later; shown only while a new version waits. */
export function UpdatePrompt() {
  const { t } = useI18n();
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, notWaiting);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  const visible = waiting && !dismissed;
  return (
    // The live region stays in the page so screen readers announce the message when it appears.
    <div className="update-prompt" role="status" aria-live="polite">
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
