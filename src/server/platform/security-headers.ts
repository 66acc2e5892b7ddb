import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * Helmet's headers on every answer, API and pages alike. The middleware is built once: the Fastify plugin
 * built it anew for every request (parsing the whole policy each time), a cost every page render paid once
 * for itself and once for each API call of its loaders.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'env' | 'publicUrl'>): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // No inline script: SSR hands its data over in a JSON element, which is not executed. Vite's dev
        // server injects an inline preamble (React refresh), so development alone allows inline scripts.
        scriptSrc: config.env === 'development' ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
