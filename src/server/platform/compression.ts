import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** The content codings the server sends: Brotli where the client takes it, else gzip. */
export type ContentCoding = 'br' | 'gzip';

/** Smaller answers go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * How hard to compress. `dynamic`: an answer made for one request, compressed on every request, where
 * Brotli 5 is about as quick as gzip 6 and still smaller (quality 11 takes ~15 times as long for ~8% less).
 * `stored`: bytes kept and sent many times (a cached page), made once, so the smallest is worth its time.
 */
export type CompressionEffort = 'dynamic' | 'stored';

const BROTLI_QUALITY: Record<CompressionEffort, number> = { dynamic: 5, stored: zlib.constants.BROTLI_MAX_QUALITY };
const GZIP_LEVEL: Record<CompressionEffort, number> = { dynamic: 6, stored: zlib.constants.Z_BEST_COMPRESSION };

/**
 * Text worth compressing: HTML, plain text, CSS, JavaScript, JSON, XML (feeds, sitemaps), SVG and the web
 * manifest. Server-Sent Events never (each event must reach the client when it is written), nor bytes
 * that are already compressed (images, archives, `octet-stream` downloads).
 */
const COMPRESSIBLE_TYPE = /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE_TYPE.test(contentType.trim());
}

/**
 * Answers that go out exactly as written: the health probes load balancers read, and payment
 * notifications (`pay/alipay/notify`, `pay/wechatpay/notify`), whose callers read the body as it is.
 */
const PLAIN_ROUTES: readonly RegExp[] = [/^\/(?:healthz|readyz)$/, /\/pay\/[^/]+\/notify$/];

export function isPlainRoute(url: string): boolean {
  return PLAIN_ROUTES.some((route) => route.test(url));
}

/**
 * The coding to send for an `Accept-Encoding` header: the one with the higher weight, Brotli on a tie,
 * `null` for none (no header, `identity`, or both refused with `q=0`). `*` stands for gzip, as it does for
 * the compression plugin, and `x-gzip` is gzip.
 */
export function negotiateCoding(acceptEncoding: string | string[] | undefined): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding).split(',')) {
    const [token, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!token) continue;
    let weight = 1;
    for (const param of params) {
      const q = /^q\s*=\s*([\d.]+)$/.exec(param);
      if (q) weight = Math.min(1, Number(q[1]) || 0);
    }
    weights.set(token === 'x-gzip' ? 'gzip' : token, weight);
  }
  const br = weights.get('br') ?? 0;
  const gzip = weights.get('gzip') ?? weights.get('*') ?? 0;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** Compresses on libuv's thread pool, so a large page never holds up the event loop. */
export function compressBytes(bytes: Buffer, coding: ContentCoding, effort: CompressionEffort): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (coding === 'gzip') zlib.gzip(bytes, { level: GZIP_LEVEL[effort] }, done);
    else
      zlib.brotliCompress(
        bytes,
        {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        },
        done,
      );
  });
}

/**
 * Compresses every answer made per request (API JSON, feeds, files without a precompressed copy) for
 * clients that accept it. Register it before any route: it attaches itself to routes as they are added.
 * Pages answered by the not-found handler (SSR) are not routes; they compress themselves (`ssr/`), as do
 * built files, served from their `.br`/`.gz` copies. Anything already carrying a `Content-Encoding` is
 * left alone. Request bodies are never decompressed: uploads reach their routes as they were sent.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && isPlainRoute(route.url)) route.compress = false;
  });
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY.dynamic,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: GZIP_LEVEL.dynamic },
    customTypes: isCompressibleType,
  });
}
