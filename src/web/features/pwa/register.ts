import type { Workbox } from 'workbox-window';
import { ONE_HOUR_MS } from '../../../shared/constants.js';

/*
 * The page side of the service worker: registers it, notices a new version waiting, and activates it
 * only when the reader asks (the update prompt), so an open page never changes under its reader.
 */
let workbox: Workbox | undefined;
let registration: ServiceWorkerRegistration | undefined;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(): void {
  updateWaiting = true;
  for (const listener of listeners) listener();
}

/** Whether a new version is installed and waiting for the reader. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

/** Subscribes to `isUpdateWaiting` changes (the shape `useSyncExternalStore` takes). */
export function subscribeToUpdates(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let registering: Promise<void> | undefined;

/**
 * Registers `/sw.js` in production builds on browsers that have service workers; a no-op elsewhere.
 * workbox-window loads here, after hydration, so it stays out of the entry chunk.
 */
export function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve();
  registering ??= import('workbox-window').then(({ Workbox }) => start(new Workbox('/sw.js')));
  return registering;
}

function start(wb: Workbox): void {
  workbox = wb;
  // Also fires when a worker was already waiting when this page loaded.
  wb.addEventListener('waiting', setUpdateWaiting);
  void wb.register().then((reg) => {
    registration = reg;
    // A tab left open for days still learns about new deployments.
    if (reg) window.setInterval(() => void reg.update().catch(() => undefined), ONE_HOUR_MS);
  });
}

/** Activates the waiting version and reloads once it controls this page (the prompt's Reload button). */
export function applyUpdate(): void {
  if (!workbox || !registration?.waiting) {
    // Another tab already activated it: this page only needs to load the new version.
    window.location.reload();
    return;
  }
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
