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

export interface AdminTables {
  images: ImagesTable;
}
