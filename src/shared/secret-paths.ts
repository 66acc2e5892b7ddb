import { API_PREFIX } from './api/prefix.js';

/**
 * Paths whose segment after the prefix is itself a secret: the demo mailbox, the admin preview link and the
 * e-mail confirmation key, as pages and as the API calls behind them (the preview page's loader checks its
 * secret with `article/adminpreview-secret/{secret}`, logged like any call).
 */
const SECRET_PATH = new RegExp(String.raw`^((?:${API_PREFIX})?(?:/dev/mailbox/|/article/adminpreview(?:-secret)?/|/verify_email/))[^/?#]+`);

/** The path with the secret segment of a secret path replaced by `mark` (a log's `[redacted]`, a page's `…`). */
export function hideSecretSegment(path: string, mark: string): string {
  return path.replace(SECRET_PATH, (_, prefix: string) => `${prefix}${mark}`);
}
