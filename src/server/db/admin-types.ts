import type { Generated } from 'kysely';

/**
 * The back-office's picture library (migration 0023). A record per upload; the file is stored once per content
 * (its name is its hash), so two records may name the same `url`. Timestamps are ISO-8601 text, as everywhere.
 */
export interface ImagesTable {
  id: Generated<number>;
  title: string;
  /** Public: `/uploads/images/<sha256>.webp`. */
  url: string;
  width: number;
  height: number;
  bytes: number;
  /** Null once the uploader's account is deleted. */
  uploaded_by: number | null;
  created_at: string;
}

/**
 * The back-office's document library (migration 0024): the files digital products deliver. Private: stored as
 * DATA_DIR/documents/<stored_name>, which no static route serves; a buyer downloads through a signed link.
 */
export interface DocumentsTable {
  id: Generated<number>;
  title: string;
  /** The name a download is saved under (its extension matches the type). */
  file_name: string;
  /** `application/pdf`, `application/epub+zip` or `application/zip`, judged by the bytes. */
  content_type: string;
  /** `<sha256>.<ext>`: the same file is stored once. */
  stored_name: string;
  bytes: number;
  /** Null once the uploader's account is deleted. */
  uploaded_by: number | null;
  created_at: string;
}

export interface AdminTables {
  images: ImagesTable;
  documents: DocumentsTable;
}
