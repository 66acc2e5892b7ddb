// Kept apart from the zod schemas so the browser bundle can use the paths without zod.
/** Paths of the back-office's picture and document libraries (staff only), relative to API_PREFIX. */
export const adminPaths = {
  images: '/images',
  /** One picture by its exact `url` or `title`: its record, or 404. */
  imageFind: '/images/find',
  image: '/images/:id',
  documents: '/documents',
  /** One document by its exact `title`: its record, or 404. */
  documentFind: '/documents/find',
  document: '/documents/:id',
} as const;

/** The largest picture upload accepted (the stored WebP is far smaller). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Pictures wider than this are scaled down to it (never up). */
export const IMAGE_MAX_WIDTH = 1600;

/** The largest document upload accepted (a PDF, EPUB or ZIP that a digital product delivers). */
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
