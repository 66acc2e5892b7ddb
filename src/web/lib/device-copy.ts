/*
 * Whether what the reader sees came from this device rather than from the site: the service worker marks
 * every answer it takes from its caches with DEVICE_COPY_HEADER, the http client reports what it sees here,
 * and the offline indicator listens. Kept in lib (no React, no workbox) so the worker, the http client and
 * the page can all import it.
 */

/** Set by the service worker on responses it answered from its caches. */
export const DEVICE_COPY_HEADER = 'x-lectern-device-copy';
/** The same mark as a Server-Timing entry: a page can read it for its own document (PerformanceNavigationTiming). */
export const DEVICE_COPY_TIMING = 'lectern-device-copy';

/** A copy of a response with the device mark (the cached original is left as it is). */
export function markDeviceCopy(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(DEVICE_COPY_HEADER, '1');
  headers.append('server-timing', DEVICE_COPY_TIMING);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function isDeviceCopy(response: Response): boolean {
  return response.headers.get(DEVICE_COPY_HEADER) === '1';
}

let fromDevice = false;
const listeners = new Set<() => void>();

/** The http client calls this with every API answer: the latest one decides. */
export function noteAnswerSource(deviceCopy: boolean): void {
  if (deviceCopy === fromDevice) return;
  fromDevice = deviceCopy;
  for (const listener of listeners) listener();
}

/** Whether the latest API answer came from the device. */
export function isShowingDeviceCopy(): boolean {
  return fromDevice;
}

/** Subscribes to `isShowingDeviceCopy` changes (the shape `useSyncExternalStore` takes). */
export function subscribeToAnswerSource(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
