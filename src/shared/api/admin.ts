import { z } from 'zod';
import { pageQuery, paginated } from './common.js';

export { adminPaths, DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_MAX_WIDTH } from './admin-paths.js';

/** A picture of the library: public at `url` (under /uploads/), for a cover, a product or an article's text. */
export const image = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  uploaded_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type Image = z.infer<typeof image>;
export const imageList = paginated(image);

const imageTitle = z.string().trim().min(1, 'Give the picture a title.').max(200, 'Use at most 200 characters.');

/** Newest first; `search` matches words of the title. */
export const imageListQuery = pageQuery.extend({ search: z.string().trim().max(200, 'Use at most 200 characters.').optional() });
export type ImageListQuery = z.infer<typeof imageListQuery>;

/** Exactly one of `url` or `title` (checked after the caller's rights, so a guest is told to log in first). */
export const imageFindQuery = z.object({ url: z.string().trim().max(500, 'Use at most 500 characters.').optional(), title: imageTitle.optional() });

/** The upload's title (else the file's name); sent in the query, since the body is the picture. */
export const imageUploadQuery = z.object({ title: imageTitle.optional() });

/** A document of the library: a file a digital product delivers to its buyers. Private: never at a public URL. */
export const document = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The name a download is saved under. */
  file_name: z.string(),
  /** `application/pdf`, `application/epub+zip` or `application/zip`, judged by the file's bytes. */
  content_type: z.string(),
  bytes: z.number().int(),
  uploaded_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type LibraryDocument = z.infer<typeof document>;
export const documentList = paginated(document);

const documentTitle = z.string().trim().min(1, 'Give the document a title.').max(200, 'Use at most 200 characters.');

/** Newest first; `search` matches words of the title. */
export const documentListQuery = pageQuery.extend({ search: z.string().trim().max(200, 'Use at most 200 characters.').optional() });
export type DocumentListQuery = z.infer<typeof documentListQuery>;

/** The one document with exactly this title (the newest of equals). */
export const documentFindQuery = z.object({ title: documentTitle });

/** The upload's title and file name (else the multipart file's name); sent in the query, since the body is the file. */
export const documentUploadQuery = z.object({
  title: documentTitle.optional(),
  file_name: z.string().trim().min(1, 'Give the file a name.').max(200, 'Use at most 200 characters.').optional(),
});
