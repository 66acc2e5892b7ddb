import type { Kysely } from 'kysely';
import type { AnnouncementsTable, Database } from '../../../db/types.js';

export type AnnouncementRow = Pick<AnnouncementsTable, 'title' | 'content' | 'link' | 'is_modal' | 'starts_at' | 'ends_at'> & { id: number; translations: string };

/** Active and inside its window: started (or no start) and not yet ended (or no end). */
function activeAt(db: Kysely<Database>, now: string) {
  return db
    .selectFrom('announcements')
    .select(['id', 'title', 'content', 'link', 'is_modal', 'starts_at', 'ends_at', 'translations'])
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
}

/** Newest first: the one that went up last (its start, or its creation when it has none). */
export function activeAnnouncements(db: Kysely<Database>, now: string): Promise<AnnouncementRow[]> {
  return activeAt(db, now)
    .orderBy((eb) => eb.fn.coalesce('starts_at', 'created_at'), 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findActiveAnnouncement(db: Kysely<Database>, id: number, now: string): Promise<AnnouncementRow | undefined> {
  return activeAt(db, now).where('id', '=', id).executeTakeFirst();
}
