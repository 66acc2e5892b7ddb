import { hideSecretSegment } from '../../shared/secret-paths.js';

/**
 * Query parameters whose values must never reach a log: credentials, one-time codes, signatures and
 * tokens (the private feed's `?token=`, a password-reset link's `?token=`, an OAuth `?code=`).
 * The name is matched anywhere, case-insensitively, so `access_token`, `api_key` or `X-Signature` count.
 */
const SECRET_NAME = /password|token|code|key|secret|sig|sso|refresh|access/i;

export const REDACTED = '[redacted]';

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

export function isSecretParamName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/**
 * The URL with the value of every secret-like query parameter, and the secret segment of a secret path,
 * replaced by `[redacted]`; the rest as sent.
 */
export function redactUrl(raw: string): string {
  const url = hideSecretSegment(raw, REDACTED);
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return eq >= 0 && isSecretParamName(decodeName(name)) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}

/** What a request log line holds (Fastify's own fields), with the URL redacted. */
interface LoggedRequest {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number; remoteAddress?: string } | null;
}

export function serializeRequest(req: LoggedRequest) {
  const version = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}
