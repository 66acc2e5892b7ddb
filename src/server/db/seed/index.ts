import type { Config } from '../../config.js';
import type { Db } from '../connection.js';
import { createStorage } from '../../platform/storage/index.js';
import { demoCredentials, formatDemoCredentials, writeDemoCredentials, type DemoCredential } from './demo-credentials.js';
import type { LargeSeedResult } from './large-seed.js';

export { DEMO_CREDENTIALS_FILE, parseDemoCredentials, type DemoCredential } from './demo-credentials.js';

async function hasUsers(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}

export interface DemoSeeded {
  /** The demo accounts and their passwords: shown once, then only in the file. */
  accounts: DemoCredential[];
  /** DATA_DIR/demo-credentials.txt (mode 0600). */
  file: string;
}

export interface SeedOptions {
  /** Passwords by demo username (tests choose theirs); an account not named gets a random one. */
  passwords?: Readonly<Record<string, string>>;
}

/**
 * Seeds the demo site (authors, demo accounts, taxonomy, 48 articles, banners, site texts) when demo
 * mode is on and the database has no users yet. Returns the demo accounts, whose passwords are also written
 * to DATA_DIR/demo-credentials.txt, or null when it seeded nothing.
 */
export async function seedIfEmpty(config: Config, db: Db, options: SeedOptions = {}): Promise<DemoSeeded | null> {
  if (!config.demoMode || (await hasUsers(db))) return null;
  const accounts = demoCredentials(options.passwords);
  try {
    // The demo content is loaded only to seed it: a started site with users never parses it.
    const { seedDemo } = await import('./demo-seed.js');
    const storage = await createStorage(config);
    try {
      await seedDemo(db, accounts, storage);
    } finally {
      storage.close();
    }
  } catch (err) {
    // Two processes starting on one empty database: the one that lost the race finds the users there
    // (and leaves the winner's credentials file alone).
    if (await hasUsers(db)) return null;
    throw err;
  }
  const text = formatDemoCredentials(accounts, `${config.publicUrl}/login`, new Date().toISOString());
  return { accounts, file: writeDemoCredentials(config.dataDir, text) };
}

/** `seed --articles N`: adds N generated articles (and the authors and taxonomy they need). */
export async function seedLargeSite(_config: Config, db: Db, count: number): Promise<LargeSeedResult> {
  const { addGeneratedArticles } = await import('./large-seed.js');
  return addGeneratedArticles(db, count);
}
