import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import type { TokenSigner } from './tokens.js';
import type { ContentEvents } from './content-events.js';
import type { PageViews } from './page-views.js';
import type { Jobs } from './jobs.js';
import type { Storage } from './storage/index.js';
import type { GuestReads } from './ssr/guest-reads.js';

/** What every service receives: configuration, the database and the platform services. */
export interface AppContext {
  config: Config;
  db: Db;
  signer: TokenSigner;
  events: ContentEvents;
  /** Counts the reads of pages served without calling their module (a cached article page). */
  pageViews: PageViews;
  /** Periodic jobs, each run by one process of the site at a time. */
  jobs: Jobs;
  /** Uploads and member media: DATA_DIR, or the bucket of `STORAGE_URL` (every process sees every file). */
  storage: Storage;
  /** The API calls of page loaders that modules answer in process when the server renders a page. */
  guestReads: GuestReads;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
