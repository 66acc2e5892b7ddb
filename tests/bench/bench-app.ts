import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { createDb } from '../../src/server/db/connection.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Runs `work` against the bench's database (already migrated and seeded) through an app built on it, without
 * pages, before the server starts; the app is closed afterwards, whatever `work` does.
 */
export async function withBenchApp<T>(env: NodeJS.ProcessEnv, work: (app: App, db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const db = createDb(config.databaseUrl);
  const app = await buildApp(config, { db, migrate: false, ssr: false });
  try {
    await app.ready();
    return await work(app, db);
  } finally {
    await app.close();
  }
}
