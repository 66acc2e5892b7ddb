import type { SUBMISSION_TYPES } from '../../../../shared/api/content-readers.js';

export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const startsWith = (data: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return data.length >= at + expected.length && data.subarray(at, at + expected.length).equals(expected);
};

/** Names of the entries in a zip's central directory, or null when the data is not a readable zip. */
export function zipEntryNames(data: Buffer): string[] | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  // The end record is the last 22 bytes plus a comment of up to 64 KiB.
  const lowest = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= lowest; i -= 1) {
    if (data.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end === -1) return null;
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    if (at + 46 + nameLength > data.length) return null;
    names.push(data.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of an upload judged by its bytes, never by the name or the declared type: a renamed executable
 * is not a PDF. Text has no signature, so valid UTF-8 without NUL bytes counts as Markdown or plain text
 * only under a .md / .markdown / .txt name. Null for anything else.
 */
export function detectSubmissionType(data: Buffer, filename: string): SubmissionType | null {
  if (startsWith(data, '%PDF-')) return 'application/pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'image/webp';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(data);
    return names?.some((n) => n.startsWith('word/')) ? DOCX : null;
  }
  const extension = /\.([^.]+)$/.exec(filename.toLowerCase())?.[1];
  if ((extension === 'md' || extension === 'markdown' || extension === 'txt') && isUtf8Text(data)) {
    return extension === 'txt' ? 'text/plain' : 'text/markdown';
  }
  return null;
}

const EXTENSIONS: Record<SubmissionType, string> = {
  'application/pdf': '.pdf',
  'text/markdown': '.md',
  'text/plain': '.txt',
  [DOCX]: '.docx',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
};

/** The file extension for a detected type: stored names take it from the content, not the client. */
export const extensionOf = (type: SubmissionType): string => EXTENSIONS[type];
