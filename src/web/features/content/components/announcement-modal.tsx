import { useEffect, useState } from 'react';
import type { Announcement } from '../../../../shared/api/content.js';
import { useI18n } from '../../../app/context.js';
import { Dialog } from '../../../ui/dialog.js';
import { PlainText } from '../../../ui/plain-text.js';
import { SmartLink } from './smart-link.js';

const STORAGE_KEY = 'lectern:dismissed-announcements';

function dismissedIds(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

function rememberDismissed(id: number): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...new Set([...dismissedIds(), id])]));
  } catch {
    // Storage full or blocked: the modal shows again next time, which is harmless.
  }
}

/**
 * The newest modal announcement the reader has not dismissed. It opens only in the browser, after the
 * page has hydrated: whether it was dismissed lives in this device's storage.
 */
export function AnnouncementModal({ announcements }: { announcements: Announcement[] }) {
  const { t } = useI18n();
  const [current, setCurrent] = useState<Announcement | null>(null);
  useEffect(() => {
    const dismissed = dismissedIds();
    // Opening after hydration is the point: the server cannot know what this device dismissed.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCurrent(announcements.find((a) => a.is_modal && !dismissed.includes(a.id)) ?? null);
  }, [announcements]);
  if (!current) return null;
  return (
    <Dialog
      open
      title={current.title}
      closeLabel={t('announcement.close')}
      onClose={() => {
        rememberDismissed(current.id);
        setCurrent(null);
      }}
    >
      {current.content && <PlainText text={current.content} />}
      {current.link && (
        <p>
          <SmartLink href={current.link}>{t('announcement.more')}</SmartLink>
        </p>
      )}
    </Dialog>
  );
}
