import type { Config } from '../../config.js';
import type { Db } from '../connection.js';
import { seedDemo } from './demo-seed.js';
import { addGeneratedArticles, type LargeSeedResult } from './large-seed.js';

async function hasUsers(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}

/**
 * Seeds the demo site (authors, demo accounts, taxonomy, 48 articles, banners, site texts) when demo
 * mode is on and the database has no users yet; returns whether it did.
 */
export async function seedIfEmpty(config: Config, db: Db): Promise<boolean> {
  if (!config.demoMode || (await hasUsers(db))) return false;
  try {
    await seedDemo(db);
    return true;
  } catch (err) {
    // Two processes starting on one empty database: the one that lost the race finds the users there.
    if (await hasUsers(db)) return false;
    throw err;
  }
}

/** `seed --articles N`: adds N generated articles (and the authors and taxonomy they need). */
export async function seedLargeSite(_config: Config, db: Db, count: number): Promise<LargeSeedResult> {
  return addGeneratedArticles(db, count);
}
