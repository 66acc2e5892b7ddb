import type { OfflineManifest } from '../../../../shared/api/courses.js';
import type { Language } from '../../../../shared/i18n/index.js';
import type { HttpClient } from '../../../lib/http.js';
import { coursePlan } from '../../../lib/offline/download.js';
import { fetchManifest } from '../../../lib/offline/library-hooks.js';
import { SaveStopped } from '../../../lib/offline/save-offline-machine.js';
import { isOfflineError, provideSaveService, type SaveServiceDeps } from '../../../lib/offline/save-service.js';
import { courseApiUrl } from '../api/courses.js';

export interface SaveDeps extends SaveServiceDeps {
  http: HttpClient;
  /** The page's language: the course's answer is stored under the URL the page reads it from, names in it. */
  lang: Language;
}

/**
 * The save machine for a course: its plan comes from the course's offline manifest (every lesson's page, API
 * answer, navigation answer and images, then the course's own), read as the saving viewer gets it; the rest
 * (storage check, download, Background Fetch, library row, cancel) is the shared save service's. The course's
 * own answer is fetched in the page's language (its category and tag names), at the URL the page asks for.
 */
export function provideSaveMachine(deps: SaveDeps) {
  return provideSaveService(deps, async (request) => {
    if (request.kind !== 'course') throw new SaveStopped('refused');
    let manifest: OfflineManifest;
    try {
      manifest = await fetchManifest(deps.http, request.id, request.owner);
    } catch (err) {
      throw new SaveStopped(isOfflineError(err) ? 'offline' : 'refused');
    }
    return { plan: coursePlan({ ...manifest, api_url: courseApiUrl(manifest.course_id, deps.lang) }, request.title, request.owner, request.membersOnly) };
  });
}
