import { data, isRouteErrorResponse } from 'react-router-dom';
import { ApiError } from '../../lib/http.js';

/*
 * A loader whose API call found neither the network nor a stored answer: the route error is of kind
 * "offline", which the error element shows as the offline view (with a retry), never as a server error.
 * 503: the page is unavailable for now, not broken.
 */
export const OFFLINE_STATUS = 503;

export interface OfflineErrorData {
  kind: 'offline';
}

/** A call that never reached the site: the device is offline, or the network failed before any answer. */
export function isOfflineFailure(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0 && (err.code === 'offline' || err.code === 'network');
}

export function offlineRouteError() {
  return data<OfflineErrorData>({ kind: 'offline' }, { status: OFFLINE_STATUS });
}

export function isOfflineRouteError(error: unknown): boolean {
  return isRouteErrorResponse(error) && (error.data as Partial<OfflineErrorData> | null)?.kind === 'offline';
}
