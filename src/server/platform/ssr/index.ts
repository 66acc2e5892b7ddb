import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { registerPageFallback } from './not-found.js';
import { registerPluralRedirects } from './plural-redirects.js';
import type { SsrOptions } from './options.js';
import { createPageServer } from './render-page.js';
import { registerClientFiles } from './static-files.js';

export { injectFetch } from './inject-fetch.js';
export type { RenderFn, SsrOptions } from './options.js';

/**
 * Serves the built PWA (static files) and renders every other GET page on the server.
 * Pages are rendered as a guest sees them, so their HTML is cached and shared (see `page-cache.ts`).
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  const { config } = app.ctx;
  const template = options.mode === 'production' ? await registerClientFiles(app, path.join(config.distDir, 'client')) : undefined;
  registerPluralRedirects(app);
  registerPageFallback(app, createPageServer(app, options, template));
}
