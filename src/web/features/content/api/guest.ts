import type { RequestOptions } from '../../../lib/http.js';

/** Public content is fetched as a guest: its query keys name no user, so its answers must not depend on one. */
export const GUEST: RequestOptions = { anonymous: true };

/**
 * Query meta of answers that depend on the user: whatever keeps queries beyond this page (a persister)
 * must leave these out.
 */
export const PERSONAL = { personal: true } as const;
