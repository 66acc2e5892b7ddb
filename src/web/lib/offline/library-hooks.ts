import { useLiveQuery } from 'dexie-react-hooks';
import type { OfflineManifest } from '../../../shared/api/courses.js';
import { coursesPaths } from '../../../shared/api/courses-paths.js';
import type { LecternDb, LibraryItem } from '../db.js';
import { pathOf, type HttpClient } from '../http.js';
import { findItem } from './library-store.js';

/** What the manifest call says for `owner`: a guest's as a guest, a user's with their token. */
export function fetchManifest(http: HttpClient, courseId: number, owner: number): Promise<OfflineManifest> {
  return http.get<OfflineManifest>(pathOf(coursesPaths.courseOfflineManifest, { id: courseId }), undefined, owner ? undefined : { anonymous: true });
}

export const manifestQuery = (http: HttpClient, courseId: number, viewer: number) => ({
  queryKey: ['offline', 'manifest', courseId, viewer] as const,
  queryFn: () => fetchManifest(http, courseId, viewer),
  // A user's manifest names their own copies: never persisted, dropped at logout.
  ...(viewer ? { meta: { personal: true } } : {}),
  staleTime: 60_000,
});

/**
 * What bringing a saved course up to date costs: every lesson's page and API answer again (the answers' sizes
 * are known) and the images the saved copy does not have yet.
 */
export function updateCost(manifest: OfflineManifest, item: LibraryItem): { lessons: number; bytes: number } {
  const have = new Set(item.urls);
  const images = manifest.images.filter((image) => !have.has(image.url)).reduce((sum, image) => sum + (image.bytes ?? 0), 0);
  const answers = manifest.api_bytes + manifest.lessons.reduce((sum, lesson) => sum + lesson.api_bytes, 0);
  return { lessons: manifest.lessons.length, bytes: answers + images };
}

export { useOnline } from '../online-status.js';

/** The saved row of an item for the viewer (their own save, else a guest's), read live; undefined while none. */
export function useSavedItem(db: LecternDb, viewer: number, kind: LibraryItem['kind'], id: number): LibraryItem | undefined {
  return useLiveQuery(() => findItem(db, viewer, kind, id), [db, viewer, kind, id]);
}
