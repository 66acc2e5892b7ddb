import { useEffect, useRef } from 'react';

/**
 * A thin bar at the top of the window that fills as the reader scrolls. Where the browser has scroll-driven
 * animations, CSS alone drives it; elsewhere one passive scroll listener sets its scale, once per frame.
 */
export function ReadingProgress() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar || (typeof CSS !== 'undefined' && CSS.supports('animation-timeline: scroll()'))) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const root = document.documentElement;
      const range = root.scrollHeight - root.clientHeight;
      bar.style.transform = `scaleX(${range > 0 ? Math.min(1, root.scrollTop / range) : 0})`;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return <div ref={ref} className="reading-progress" aria-hidden="true" />;
}
