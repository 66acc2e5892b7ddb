import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runReadScope, WRITER_WINDOW_SECONDS } from '../db/read-replica.js';

/** Set on the answer to a write: the client reads from the primary while it lasts. */
export const FRESH_READS_COOKIE = 'fresh_reads';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Whether a request is a public read, which the replica may answer: a GET or HEAD from a guest (no
 * `Authorization`, no token in the address, such as a private feed's) whose client has not just written.
 * Everything else reads from the primary; a change notice also keeps public reads on the primary for
 * `CHANGE_GRACE_MS` (see ReadReplica).
 */
export function isPublicRead(request: Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'cookies'>): boolean {
  return (
    READ_METHODS.has(request.method) &&
    request.headers.authorization === undefined &&
    request.cookies?.[FRESH_READS_COOKIE] === undefined &&
    !/[?&]token=/.test(request.url)
  );
}

/**
 * With a read replica (`DATABASE_READ_URL`): each request runs in its read scope, an answer to a write sets
 * `fresh_reads`, and every change notice starts the grace period. Without one nothing is registered. After the
 * cookie plugin, which the rule reads.
 */
export function registerReadRouting(app: FastifyInstance): void {
  const { db, events, config } = app.ctx;
  const replica = db.replica;
  if (!replica) return;
  events.onChanged(() => replica.changed());
  replica.onUnavailable = (err) => app.log.warn({ err }, 'read replica unreachable: public reads from the primary for now');
  app.addHook('onRequest', (request, _reply, done) => runReadScope(isPublicRead(request), done));
  const secure = config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply) => {
    if (READ_METHODS.has(request.method) || request.method === 'OPTIONS') return;
    reply.setCookie(FRESH_READS_COOKIE, '1', { path: '/', maxAge: WRITER_WINDOW_SECONDS, httpOnly: true, sameSite: 'lax', secure });
  });
}
