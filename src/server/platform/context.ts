import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import type { TokenSigner } from './tokens.js';
import type { ContentEvents } from './content-events.js';

/** What every service receives: configuration, the database and the platform services. */
export interface AppContext {
  config: Config;
  db: Db;
  signer: TokenSigner;
  events: ContentEvents;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
