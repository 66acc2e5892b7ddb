import { accessTokenForCall, sessionHost } from '../../lib/session/session-context.js';
import { createSessionFetch } from '../../lib/session/session-fetch.js';
import type { PlaygroundOperation } from './openapi.js';

export interface CallResult {
  status: number;
  statusText: string;
  body: string;
}

/** The app's session fetch: a call refused for its token gets the session's one refresh and retry, as every app call does. */
const sessionFetch = createSessionFetch(sessionHost);

/** One call of the playground, answered as it came (status, text, JSON pretty-printed), with the caller's session. */
export async function sendOperation(operation: PlaygroundOperation, url: string, body: string | null): Promise<CallResult> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // The session's token for this call: refreshed first when it is about to expire.
  const token = await accessTokenForCall();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== null) headers['content-type'] = 'application/json';
  const response = await sessionFetch(new Request(new URL(url, window.location.origin), { method: operation.method, headers, body: body ?? undefined }));
  const text = await response.text();
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON (an empty 204, a feed): shown as it came.
  }
  return { status: response.status, statusText: response.statusText, body: pretty };
}
