import type { LoginResponse } from '../../../shared/api/auth.js';
import { HANDOFF_MARKER_COOKIE, handoffPaths } from '../../../shared/api/handoff-paths.js';
import { getDb, type LecternDb } from '../db.js';
import { createHttpClient, type HttpClient } from '../http.js';
import { hasHandoffMarker, notePickUp } from './device-session.js';
import { saveLogin } from './session-store.js';

export { hasHandoffMarker };

/**
 * Picks up a login made by a form posted without script (or before the app ran): the handoff call exchanges
 * the HttpOnly cookie the server set for the usual login answer, which is stored like any login, so every tab
 * sees it. The marker is removed first, so the call is made once whatever happens. True when a login was stored.
 */
export async function pickUpHandoff(http: HttpClient, db: LecternDb | undefined, doc: { cookie: string }): Promise<boolean> {
  if (!hasHandoffMarker(doc.cookie)) return false;
  notePickUp();
  doc.cookie = `${HANDOFF_MARKER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  let response: LoginResponse;
  try {
    response = await http.post<LoginResponse>(handoffPaths.handoff);
  } catch {
    // Expired (the page took more than two minutes) or already picked up: the visitor is simply not logged in.
    return false;
  }
  await saveLogin(response, db);
  return true;
}

let once: Promise<boolean> | undefined;

/**
 * The page's one pick-up, shared by whoever asks first: the gate of the pages that need login (before it
 * reads the stored session) and the session host (before it starts from it).
 */
export function pickUpHandoffOnce(baseUrl: string = window.location.origin): Promise<boolean> {
  if (typeof document === 'undefined' || !hasHandoffMarker(document.cookie)) return once ?? Promise.resolve(false);
  once ??= pickUpHandoff(createHttpClient({ baseUrl }), getDb(), document);
  return once;
}
