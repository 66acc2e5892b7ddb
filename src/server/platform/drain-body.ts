import type { FastifyRequest } from 'fastify';

/** More than the proxy in front passes (docs/deploy/nginx.conf allows 51 MB, the largest upload plus room). */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
const MAX_DRAIN_MS = 5000;

/**
 * Reads and drops what is left of a body the site refused without reading (over its limit, or a caller without
 * the right), before the refusal is sent. Answering first and leaving the rest unread makes Node close the
 * connection while a proxy is still sending the body: nginx then answers 502 instead of the site's 413 or 401.
 * Bounded in bytes and time, so a caller cannot hold the answer back for long.
 */
export function drainUnreadBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > MAX_DRAIN_BYTES) done();
    };
    const timer = setTimeout(done, MAX_DRAIN_MS);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}
