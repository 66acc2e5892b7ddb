import type { Kysely } from 'kysely';
import type { Database } from '../types.js';
import { CATEGORIES, TAGS, TOPICS } from './demo/taxonomy.js';
import type { DemoUser } from './demo/types.js';

type Ids = Map<string, number>;

/** Inserts the users that are not there yet (matched by username or e-mail); returns every id by username. */
export async function insertAuthors(db: Kysely<Database>, users: DemoUser[], hashes: Map<string, string>, now: string): Promise<Ids> {
  const existing = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where((eb) => eb.or([eb('username', 'in', users.map((u) => u.username)), eb('email', 'in', users.map((u) => u.email))]))
    .execute();
  const ids: Ids = new Map();
  for (const user of users) {
    const found = existing.find((e) => e.username === user.username || e.email === user.email);
    if (found) {
      ids.set(user.username, found.id);
      continue;
    }
    const row = await db
      .insertInto('users')
      .values({
        username: user.username,
        email: user.email,
        password_hash: hashes.get(user.username) ?? null,
        display_name: user.display_name,
        description: user.description,
        translations: JSON.stringify(user.translations ?? {}),
        avatar: user.avatar,
        mobile: null,
        role: user.role,
        email_verified: 1,
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(user.username, row.id);
  }
  return ids;
}

/**
 * Inserts the demo categories, tags and topics that are missing (matched by slug or name) and returns
 * the ids of all of them by slug, so the large seed can run on an empty or an already seeded site.
 */
export async function insertTaxonomy(db: Kysely<Database>, now: string): Promise<{ categories: Ids; tags: Ids; topics: Ids }> {
  const stamps = { created_at: now, updated_at: now };
  const match = <R extends { id: number; slug: string; name: string }>(rows: R[], term: { slug: string; name: string }) =>
    rows.find((r) => r.slug === term.slug || r.name === term.name);

  const categories: Ids = new Map();
  const knownCategories = await db.selectFrom('categories').select(['id', 'slug', 'name']).execute();
  for (const [i, c] of CATEGORIES.entries()) {
    const id =
      match(knownCategories, c)?.id ??
      (await db.insertInto('categories').values({ ...c, translations: JSON.stringify(c.translations), sort_order: i, ...stamps }).returning('id').executeTakeFirstOrThrow()).id;
    categories.set(c.slug, id);
  }

  const tags: Ids = new Map();
  const knownTags = await db.selectFrom('tags').select(['id', 'slug', 'name']).execute();
  for (const t of TAGS) {
    const id = match(knownTags, t)?.id ?? (await db.insertInto('tags').values({ ...t, translations: JSON.stringify(t.translations), ...stamps }).returning('id').executeTakeFirstOrThrow()).id;
    tags.set(t.slug, id);
  }

  const topics: Ids = new Map();
  const knownTopics = await db.selectFrom('topics').select(['id', 'slug', 'name']).execute();
  for (const [i, t] of TOPICS.entries()) {
    const id =
      match(knownTopics, t)?.id ??
      (await db.insertInto('topics').values({ ...t, translations: JSON.stringify(t.translations), sort_order: i, ...stamps }).returning('id').executeTakeFirstOrThrow()).id;
    topics.set(t.slug, id);
  }
  return { categories, tags, topics };
}
