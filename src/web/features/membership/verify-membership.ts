import type { HttpClient } from '../../lib/http.js';
import { sessionHost } from '../../lib/session/session-context.js';

/**
 * Runs SPEC section 4's "Verify membership" now, in the tab's session (which also runs it after every login,
 * token refresh and logout), and stores the answer (isMember) in the auth row, where every tab sees it.
 * Resolves with the answer; null when a call failed (nothing is written). The session makes the calls with
 * its own token, so the page's client is not needed.
 */
export async function verifyMembership(_http?: HttpClient): Promise<0 | 1 | null> {
  return (await sessionHost()).verifyMembership();
}
