import { useLayoutEffect, useRef } from 'react';

/**
 * A button disabled while its call runs loses the keyboard focus to the page's body, and a screen reader its
 * place. This gives the focus back to the button when the call ends, if it had it and nothing else took it since.
 */
export function useFocusKeptThrough<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null);
  const had = useRef(false);
  // Before the browser's focus fix-up moves the focus off the button it has just disabled.
  useLayoutEffect(() => {
    if (busy) {
      had.current = document.activeElement === ref.current || had.current;
      return;
    }
    if (had.current && (document.activeElement === null || document.activeElement === document.body)) ref.current?.focus();
    had.current = false;
  }, [busy]);
  return ref;
}
