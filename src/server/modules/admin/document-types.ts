/** The kinds of file the document library takes, told apart by their first bytes (never the name or declared type). */
export interface DocumentType {
  ext: 'pdf' | 'epub' | 'zip';
  contentType: string;
}

const PDF: DocumentType = { ext: 'pdf', contentType: 'application/pdf' };
const EPUB: DocumentType = { ext: 'epub', contentType: 'application/epub+zip' };
const ZIP: DocumentType = { ext: 'zip', contentType: 'application/zip' };

const ZIP_ENTRY = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EPUB_MIMETYPE = 'application/epub+zip';

/**
 * PDF (`%PDF-`), EPUB (a ZIP whose first entry is the uncompressed `mimetype` saying `application/epub+zip`, as
 * the EPUB container requires) or any other ZIP (a local file header first); null for anything else, an empty
 * ZIP included.
 */
export function documentTypeOf(bytes: Buffer): DocumentType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (bytes.length < 30 || !bytes.subarray(0, 4).equals(ZIP_ENTRY)) return null;
  const nameLength = bytes.readUInt16LE(26);
  const extraLength = bytes.readUInt16LE(28);
  const stored = bytes.readUInt16LE(8) === 0;
  const name = bytes.subarray(30, 30 + nameLength).toString('latin1');
  const start = 30 + nameLength + extraLength;
  if (stored && name === 'mimetype' && bytes.subarray(start, start + EPUB_MIMETYPE.length).toString('latin1') === EPUB_MIMETYPE) return EPUB;
  return ZIP;
}

/**
 * The name a download is saved under: the last part of `name` (no folders), without control characters or
 * those that file systems refuse, ending in the type's extension (added when it ends in another one).
 */
export function downloadNameOf(name: string, type: DocumentType): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    .replace(/[\p{Cc}:*?"<>|]/gu, '_')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 180);
  const stem = base || 'document';
  return stem.toLowerCase().endsWith(`.${type.ext}`) ? stem : `${stem}.${type.ext}`;
}
