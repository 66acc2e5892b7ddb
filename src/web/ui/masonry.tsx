import type { ReactNode } from 'react';

/**
 * A masonry of columns about MASONRY_COLUMN_WIDTH (400 px) wide: as many as fit, and one (MASONRY_MIN_COLUMNS)
 * on a narrow screen, which CSS columns give by themselves (`.masonry` in styles.css). CSS columns need no
 * measuring, so the server and the browser render the very same markup, and the layout follows the viewport
 * without script. Reading and tab order stay the list's order.
 */
export function Masonry({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="masonry" aria-label={label}>
      {children}
    </ul>
  );
}
