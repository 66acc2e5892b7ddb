import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ONE_YEAR_SECONDS } from './options.js';

/**
 * Media uploaded at run time (covers, avatars) under `/uploads/`: content-addressed names, so they are
 * cached for a year. `decorateReply` is false when the built client's static plugin already decorated it.
 */
export async function registerMedia(app: FastifyInstance, mediaDir: string, decorateReply: boolean): Promise<void> {
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/uploads/',
    decorateReply,
    index: false,
    setHeaders(reply) {
      reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
    },
  });
}
