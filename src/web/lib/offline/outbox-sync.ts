import type { QueryClient } from '@tanstack/react-query';
import { getDb } from '../db.js';
import { createHttpClient } from '../http.js';
import { accessTokenForCall, sessionHost } from '../session/session-context.js';
import { createSessionFetch } from '../session/session-fetch.js';
import { startOutboxSync } from './progress-outbox.js';

/**
 * The session's side of the progress outbox: while a user is logged in, their queued progress is sent at
 * start and on every reconnect, with their token (refreshed like any call); the course queries are then read
 * again, so the pages show the server's answer (done marks, progress, a certificate).
 */
export function syncProgressOutbox(userId: number, queryClient: QueryClient): () => void {
  const db = getDb();
  if (!db) return () => undefined;
  const http = createHttpClient({ baseUrl: window.location.origin, getAccessToken: accessTokenForCall, fetch: createSessionFetch(sessionHost) });
  return startOutboxSync(db, http, userId, () => {
    void queryClient.invalidateQueries({ queryKey: ['courses'] });
  });
}
