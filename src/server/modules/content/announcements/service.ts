import type { Announcement } from '../../../../shared/api/content-site.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { localised } from '../../../platform/translations.js';
import { activeAnnouncements, findActiveAnnouncement, type AnnouncementRow } from './repo.js';

const toAnnouncement = ({ translations, ...row }: AnnouncementRow, lang: Language): Announcement => ({
  ...row,
  ...localised({ title: row.title, content: row.content }, translations, lang),
  is_modal: Boolean(row.is_modal),
});

/** Announcements showing now, newest first, in `lang` where they have a version in it. */
export async function listAnnouncements(ctx: AppContext, lang: Language): Promise<Announcement[]> {
  return (await activeAnnouncements(ctx.db.kysely, nowIso())).map((row) => toAnnouncement(row, lang));
}

/** One announcement while it shows; before, after or switched off it is not found. */
export async function getAnnouncement(ctx: AppContext, id: number, lang: Language): Promise<Announcement> {
  const row = await findActiveAnnouncement(ctx.db.kysely, id, nowIso());
  if (!row) throw new NotFound('Announcement');
  return toAnnouncement(row, lang);
}

/** The same, only for an announcement meant to open as a modal. */
export async function getModalAnnouncement(ctx: AppContext, id: number, lang: Language): Promise<Announcement> {
  const announcement = await getAnnouncement(ctx, id, lang);
  if (!announcement.is_modal) throw new NotFound('Announcement');
  return announcement;
}
