import { sql } from 'kysely';
import type { Db } from '../connection.js';
import { AUTHORS } from './demo/authors.js';
import { BATCH_SIZE, insertArticles, type SeedRefs } from './insert.js';
import { planGenerated } from './plan.js';
import { createRandom } from './random.js';
import { insertAuthors, insertTaxonomy } from './taxonomy-seed.js';

export interface LargeSeedResult {
  added: number;
  seconds: number;
}

/** The demo authors, categories, tags and topics, created where missing; their ids and topic positions. */
async function prepareRefs(db: Db): Promise<SeedRefs> {
  const now = new Date().toISOString();
  return db.kysely.transaction().execute(async (trx) => {
    const authors = await insertAuthors(trx, AUTHORS, new Map(), now);
    const taxonomy = await insertTaxonomy(trx, now);
    const positions = await trx
      .selectFrom('topic_articles')
      .select((eb) => ['topic_id', eb.fn.max('position').as('last')])
      .groupBy('topic_id')
      .execute();
    const topicPositions = new Map(positions.map((p) => [p.topic_id, Number(p.last) + 1]));
    return { authors, ...taxonomy, topicPositions };
  });
}

/**
 * Adds `count` generated articles for load tests and demos of a big site: readable text, spread over the
 * demo categories, tags, both languages and the past year, about a tenth premium. Each batch of
 * BATCH_SIZE articles is one transaction of multi-row inserts.
 */
export async function addGeneratedArticles(db: Db, count: number): Promise<LargeSeedResult> {
  const started = performance.now();
  const refs = await prepareRefs(db);
  // The run token keeps slugs unique when the command runs more than once on the same database.
  const token = Date.now().toString(36);
  const random = createRandom(`lectern-large-${token}`);
  const now = Date.now();
  for (let done = 0; done < count; done += BATCH_SIZE) {
    const planned = planGenerated(random, {
      count: Math.min(BATCH_SIZE, count - done),
      slugSuffix: (i) => `${token}-${done + i + 1}`,
      now,
    });
    await db.kysely.transaction().execute((trx) => insertArticles(trx, planned, refs));
  }
  // PostgreSQL plans with the statistics it last gathered: fresh ones now, rather than when autovacuum next
  // looks, so the site is not planned as the small one it was.
  if (db.engine === 'postgres') await sql`analyze`.execute(db.kysely);
  return { added: count, seconds: (performance.now() - started) / 1000 };
}
