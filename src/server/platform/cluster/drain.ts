import type { FastifyInstance } from 'fastify';

/** How long a draining worker waits before closing keep-alive connections that sent nothing meanwhile. */
export const IDLE_GRACE_MS = 2000;

/**
 * Lets a worker leave without failing a request: from now on every answer says `Connection: close`, so a client on
 * a kept-alive connection gets its answer and opens its next connection to another worker; the server stops
 * taking connections, and the connections that stay idle are closed after a grace period. Node's `server.close()`
 * closes idle connections at once, which would cut a busy client between two requests; that is held back until
 * the grace period is over. Resolves when the app is closed (requests in flight answered, database closed).
 */
export function drainWorker(app: FastifyInstance, idleGraceMs = IDLE_GRACE_MS): Promise<void> {
  const server = app.server;
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {};
  const timer = setInterval(closeIdle, idleGraceMs);
  timer.unref();
  return app.close().finally(() => clearInterval(timer));
}

/** Marks answers `Connection: close` once the worker drains (registered on every worker's app). */
export function closeConnectionsWhen(app: FastifyInstance, draining: () => boolean): void {
  app.addHook('onSend', async (_request, reply) => {
    if (draining()) reply.header('connection', 'close');
  });
}
