import type { Announcement } from '../../../../shared/api/content-site.js';
import { useI18n } from '../../../app/context.js';
import { SmartLink } from './smart-link.js';

/** The announcements showing now (those not meant as a modal), above the page's content. */
export function AnnouncementBar({ announcements }: { announcements: Announcement[] }) {
  const { t } = useI18n();
  const shown = announcements.filter((a) => !a.is_modal);
  if (shown.length === 0) return null;
  return (
    <section className="announcements" aria-label={t('announcement.label')}>
      <ul>
        {shown.map((a) => (
          <li key={a.id} className="announcement">
            <strong className="announcement__title">{a.title}</strong>
            {a.content && <span className="announcement__content"> {a.content}</span>}
            {a.link && (
              <>
                {' '}
                <SmartLink href={a.link} className="announcement__link">
                  {/* The link's name says where it goes, not only "Learn more". */}
                  {t('announcement.more')}
                  <span className="visually-hidden">: {a.title}</span>
                </SmartLink>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
