import type { Readable } from 'node:stream';

/**
 * Where uploads and member media live: the data folder (the default) or an S3-compatible bucket
 * (`STORAGE_URL`). Keys are relative paths of plain segments (`media/images/<hash>.webp`,
 * `member-media/lesson/12/<hash>.mp3`); on disk a key is that path under DATA_DIR, so a site that moves from
 * one to the other copies the folders as they are. Local-only files (the SQLite database, the mail folder,
 * the generated secrets) never go through here.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores `bytes` under `key`. `immutable`: the key names its content (a hash), so one already there is kept. */
  put(key: string, bytes: Buffer, options?: PutOptions): Promise<void>;
  /** The object as a stream with its size and type, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Its size and type without its bytes, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; one that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Throws a message naming STORAGE_URL when the store cannot be used (start-up). */
  check(): Promise<void>;
  close(): void;
}

export interface PutOptions {
  contentType?: string;
  immutable?: boolean;
  /** Readable by the site only (submitted files): on disk, no read bit for others. */
  private?: boolean;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
  lastModified: Date | null;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/** Where `/uploads/` looks: the public folder of uploaded pictures (the library's, avatars, the demo's). */
export const PUBLIC_MEDIA = 'media';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Whether `key` is plain segments joined by `/` (no `..`, no empty or hidden part): never outside its root. */
export function isValidKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length <= 8 && parts.every((part) => SEGMENT.test(part) && part !== '..');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The type a key's extension names (what a file on disk is served as); unknown ones are plain bytes. */
export function contentTypeOfKey(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || 'application/octet-stream';
}
