import { useEffect, useId, useState } from 'react';
import type { Announcement } from '../../../../shared/api/content-site.js';
import { useI18n } from '../../../app/context.js';
import { PlainText } from '../../../ui/plain-text.js';
import { SmartLink } from './smart-link.js';

/** The key the former welcome dialog used too, so a message dismissed there stays dismissed. */
export const DISMISSED_ANNOUNCEMENTS_KEY = 'lectern:dismissed-announcements';

function dismissedIds(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

function rememberDismissed(ids: number[]): void {
  try {
    localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or blocked: the banner shows again next time, which is harmless.
  }
}

/**
 * The newest "modal" announcement (the demo's welcome) as a banner in the page's flow, with a button that
 * hides it for good on this device. It never covers the articles. The server renders it for every guest
 * (the page is cached and shared); after hydration the browser drops it if this device dismissed it.
 */
export function AnnouncementBanner({ announcements }: { announcements: Announcement[] }) {
  const { t } = useI18n();
  const titleId = useId();
  const [dismissed, setDismissed] = useState<number[]>([]);
  useEffect(() => {
    // Reading storage after hydration is the point: the server cannot know what this device dismissed.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDismissed(dismissedIds());
  }, []);
  const current = announcements.find((a) => a.is_modal && !dismissed.includes(a.id));
  if (!current) return null;
  const dismiss = () => {
    const next = [...new Set([...dismissedIds(), current.id])];
    rememberDismissed(next);
    setDismissed(next);
    // The button goes away with the banner: focus goes on to the page rather than to nowhere.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <section className="notice-banner" aria-labelledby={titleId}>
      <div className="notice-banner__text">
        <p className="notice-banner__title" id={titleId}>{current.title}</p>
        {current.content && <PlainText className="notice-banner__content" text={current.content} />}
        {current.link && (
          // The link's name says where it goes, not only "Learn more".
          <SmartLink href={current.link} className="notice-banner__link">
            {t('announcement.more')}
            <span className="visually-hidden">: {current.title}</span>
          </SmartLink>
        )}
      </div>
      <button type="button" className="icon-button notice-banner__close" onClick={dismiss}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
        <span className="visually-hidden">{t('announcement.dismiss')}</span>
      </button>
    </section>
  );
}
