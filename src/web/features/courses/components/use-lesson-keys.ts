import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Where a key press belongs to what has focus: typing, choosing, or a media player's own seeking. */
export function isOwnedByFocus(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName);
}

/** The lesson a key asks for: ← or k the previous one, → or j the next; null for any other key. */
export function lessonKeyDirection(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): 'previous' | 'next' | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (event.key === 'ArrowLeft' || event.key === 'k') return 'previous';
  if (event.key === 'ArrowRight' || event.key === 'j') return 'next';
  return null;
}

/**
 * Moves to the previous or next lesson from the keyboard, unless the key press belongs to a field or player.
 * The listener is set as the lesson commits (a layout effect), so a key pressed as soon as a lesson shows goes to
 * that lesson's neighbours, never to the ones of the lesson before.
 */
export function useLessonKeys(previous: string | null, next: string | null) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isOwnedByFocus(event.target)) return;
      const direction = lessonKeyDirection(event);
      const to = direction === 'previous' ? previous : direction === 'next' ? next : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, previous, next]);
}
