import type { ReactNode } from 'react';
import { MASONRY_COLUMN_WIDTH } from '../../shared/constants.js';

/**
 * A masonry of columns about MASONRY_COLUMN_WIDTH wide: as many as fit, and one (MASONRY_MIN_COLUMNS)
 * on a narrow screen, which CSS columns give by themselves. CSS columns need no measuring, so the server
 * and the browser render the very same markup, and the layout follows the viewport without script.
 * Reading and tab order stay the list's order.
 */
export function Masonry({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="masonry" style={{ columnWidth: MASONRY_COLUMN_WIDTH }} aria-label={label}>
      {children}
    </ul>
  );
}
