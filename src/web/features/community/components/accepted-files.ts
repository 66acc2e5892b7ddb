/**
 * The files `POST submission/file` accepts (the contract's `SUBMISSION_TYPES`, which the server checks by content),
 * as the picker's `accept` list and by name, for a first check before anything is sent.
 */
export const ACCEPTED_FILES: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'text/markdown': ['.md', '.markdown'],
  'text/plain': ['.txt'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
};

export const ACCEPT_ATTRIBUTE = Object.entries(ACCEPTED_FILES)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

/** The longest note the server takes (the contract's `submissionNote`). */
export const NOTE_MAX = 2000;

/** Could this be an accepted file? By its name, or by its type when the name has no extension we know. */
export function looksAccepted(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  const extensions = Object.values(ACCEPTED_FILES).flat();
  if (extensions.some((extension) => name.endsWith(extension))) return true;
  return !/\.[a-z0-9]+$/.test(name) && file.type in ACCEPTED_FILES;
}
