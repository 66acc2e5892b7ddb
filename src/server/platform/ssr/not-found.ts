import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendErrorPage } from './error-page.js';

/** A path that names a file (`/logo.png`), other than article pages whose ids never have an extension. */
const looksLikeFile = (pathname: string) => /\.[a-z0-9]{1,8}$/i.test(pathname) && !pathname.startsWith('/article');

/**
 * Everything no route answered: API paths and other methods get the JSON 404, a missing asset a plain
 * 404, and every other GET or HEAD is a page, rendered by `servePage` (which answers 404 itself for paths
 * that are no page).
 */
export function registerPageFallback(app: FastifyInstance, servePage: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void {
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: 'not_found', message: `No route ${request.method} ${pathname}` });
    }
    if (looksLikeFile(pathname)) return reply.status(404).type('text/plain').send('Not Found');
    try {
      return await servePage(request, reply);
    } catch (err) {
      request.log.error({ err }, 'page render failed');
      return sendErrorPage(reply);
    }
  });
}
