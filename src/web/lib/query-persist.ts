import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave, removeOldestQuery, type PersistedClient } from '@tanstack/react-query-persist-client';
import { browserStorage, isPersistableQuery, type QueryLike, PERSIST_MAX_AGE_MS, PERSISTED_QUERIES_KEY, persistBuster } from './query-persist-policy.js';

/**
 * Keeps the public query answers in localStorage (see `query-persist-policy.ts` for which), so an app opened
 * again shows its last lists and pages at once, and offline. Loaded after hydration: restored answers never
 * change what the server's markup is hydrated with, and an answer already in the cache is replaced only by a
 * newer one.
 */

export interface PersistOptions {
  /** What names this build (default: the entry script's URL): answers kept by another build are dropped. */
  build?: string;
  /** The interface language: answers kept in another language are dropped. */
  lang: string;
  /** localStorage by default; nothing is kept without a storage. */
  storage?: Storage;
  /** Milliseconds between two writes (a burst of answers is written once). */
  throttleMs?: number;
}

export interface PersistedQueries {
  /** Settles once the kept answers are in the cache (or were dropped as too old, of another build, unreadable). */
  restored: Promise<void>;
  /** Stops writing. */
  stop: () => void;
}

/** Reads the stored entry, keeping only what the policy allows today (an entry is never trusted as written). */
export function readPersisted(text: string): PersistedClient {
  const client = JSON.parse(text) as PersistedClient;
  const queries = Array.isArray(client.clientState?.queries) ? client.clientState.queries : [];
  return { ...client, clientState: { mutations: [], queries: queries.filter((q) => isPersistableQuery(q)) } };
}

/** The entry script's path: its name carries the hash of the build. */
function entryScript(): string {
  const script = typeof document === 'undefined' ? null : document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script ? new URL(script.src).pathname : '';
}

/** Restores the kept public answers into `queryClient`, then writes its public answers as they change. */
export function persistPublicQueries(queryClient: QueryClient, options: PersistOptions): PersistedQueries {
  const persister = createSyncStoragePersister({
    storage: options.storage ?? browserStorage(),
    key: PERSISTED_QUERIES_KEY,
    throttleTime: options.throttleMs ?? 1000,
    deserialize: readPersisted,
    // Storage full: the oldest answers go first, until the rest fits.
    retry: removeOldestQuery,
  });
  const save = {
    queryClient,
    persister,
    buster: persistBuster(options.build ?? entryScript(), options.lang),
    dehydrateOptions: {
      shouldDehydrateQuery: (query: QueryLike) => isPersistableQuery(query),
      shouldDehydrateMutation: () => false,
    },
  };
  const [stop, restored] = persistQueryClient({ ...save, maxAge: PERSIST_MAX_AGE_MS });
  // An unreadable entry has been removed by then; the app goes on with what the network gives. The answers the
  // page was hydrated with are written now: later writes follow changes of the cache, and a page read to the end
  // may bring none.
  return { stop, restored: restored.catch(() => undefined).then(() => persistQueryClientSave(save)) };
}
