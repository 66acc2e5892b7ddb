import type { OfflineManifest } from '../../../../shared/api/courses.js';
import type { HttpClient } from '../../../lib/http.js';
import { coursePlan } from '../../../lib/offline/download.js';
import { fetchManifest } from '../../../lib/offline/library-hooks.js';
import { SaveStopped } from '../../../lib/offline/save-offline-machine.js';
import { isOfflineError, provideSaveService, type SaveServiceDeps } from '../../../lib/offline/save-service.js';

export interface SaveDeps extends SaveServiceDeps {
  http: HttpClient;
}

/**
 * The save machine for a course: its plan comes from the course's offline manifest (every lesson's page, API
 * answer, navigation answer and images, then the course's own), read as the saving viewer gets it; the rest
 * (storage check, download, Background Fetch, library row, cancel) is the shared save service's.
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
    return { plan: coursePlan(manifest, request.title, request.owner) };
  });
}
