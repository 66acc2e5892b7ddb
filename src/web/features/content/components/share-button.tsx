import { useEffect, useState } from 'react';
import { useI18n } from '../../../app/context.js';

/** How long "Link copied" stays on screen. */
const CONFIRMATION_MS = 4000;

/**
 * Shares the page through the system's share sheet where the browser has one (phones), else copies its
 * address, and says so in a live region next to the button.
 */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const { t } = useI18n();
  // What to say, translated when shown: the catalogue may arrive after the tap.
  const [status, setStatus] = useState<{ copied: true } | { copied: false; url: string } | null>(null);
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        // The reader closed the sheet: nothing to do. Any other refusal falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus({ copied: true });
    } catch {
      setStatus({ copied: false, url });
    }
  };

  return (
    <div className="share">
      <button type="button" className="button button--quiet button--small" onClick={() => void share()}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 15V3M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
        </svg>
        {t('article.share')}
      </button>
      <p className="share__status" role="status">
        {status && (status.copied ? t('article.linkCopied') : t('article.copyFailed', { url: status.url }))}
      </p>
    </div>
  );
}
