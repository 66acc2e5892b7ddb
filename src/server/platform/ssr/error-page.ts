import type { FastifyReply } from 'fastify';

/** A page that could not be rendered: plain HTML of its own, since rendering is what failed. */
const ERROR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Internal Server Error</title></head>' +
  '<body><main><h1>Internal Server Error</h1><p>The page could not be rendered. Try again in a moment.</p></main></body></html>';

export function sendErrorPage(reply: FastifyReply) {
  return reply.status(500).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(ERROR_PAGE);
}
