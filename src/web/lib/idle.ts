/**
 * Runs `task` once the page has loaded and the browser is idle (at the latest `timeoutMs` after the load), so
 * work a reader does not need at once never competes with the first paint, hydration or the first tap.
 * Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void, timeoutMs = 4000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let cancelled = false;
  let cancelIdle = () => undefined as void;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => !cancelled && task(), { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(() => !cancelled && task(), 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}
