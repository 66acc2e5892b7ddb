import type { Announcement } from '../../../../shared/api/content.js';
import type { AppContext } from '../../../platform/context.js';
import { NotFound } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/time.js';
import { activeAnnouncements, findActiveAnnouncement, type AnnouncementRow } from './repo.js';

const toAnnouncement = (row: AnnouncementRow): Announcement => ({ ...row, is_modal: Boolean(row.is_modal) });

/** Announcements showing now, newest first. */
export async function listAnnouncements(ctx: AppContext): Promise<Announcement[]> {
  return (await activeAnnouncements(ctx.db.kysely, nowIso())).map(toAnnouncement);
}

/** One announcement while it shows; before, after or switched off it is not found. */
export async function getAnnouncement(ctx: AppContext, id: number): Promise<Announcement> {
  const row = await findActiveAnnouncement(ctx.db.kysely, id, nowIso());
  if (!row) throw new NotFound('Announcement');
  return toAnnouncement(row);
}

/** The same, only for an announcement meant to open as a modal. */
export async function getModalAnnouncement(ctx: AppContext, id: number): Promise<Announcement> {
  const announcement = await getAnnouncement(ctx, id);
  if (!announcement.is_modal) throw new NotFound('Announcement');
  return announcement;
}
