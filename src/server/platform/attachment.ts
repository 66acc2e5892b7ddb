/**
 * A `Content-Disposition` that saves the answer as `fileName`: an ASCII `filename` for old clients (other
 * characters become `_`) and, when the name is not plain ASCII, the exact name as RFC 5987 `filename*` (UTF-8,
 * percent-encoded), which browsers prefer.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (ascii === fileName) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
