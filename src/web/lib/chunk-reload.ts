import { CHUNK_RELOAD_GUARD_MS } from '../../shared/constants.js';

const KEY = 'lectern:chunk-reload-at';

/** Reloads the page when a lazy chunk fails to load (a new deployment), at most once per 10 s window. */
export function reloadForFailedChunk(): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForFailedChunk()) event.preventDefault();
  });
}
