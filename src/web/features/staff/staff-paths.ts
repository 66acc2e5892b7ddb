import { paths } from '../../app/paths.js';

/**
 * The back-office's page URLs. Apart from app/paths.ts (which has `staff()`, the only one linked from outside),
 * because that table is in the first visit's bundle and these are staff-only.
 */
export const staffPaths = {
  home: paths.staff,
  pages: (query?: string) => (query ? `/staff/pages?${query}` : '/staff/pages'),
  newPage: () => '/staff/pages/new',
  page: (id: number) => `/staff/pages/${id}`,
  images: (query?: string) => (query ? `/staff/images?${query}` : '/staff/images'),
  documents: (query?: string) => (query ? `/staff/documents?${query}` : '/staff/documents'),
} as const;
