import type { Config } from '../../config.js';
import type { Db } from '../connection.js';
import { hashPassword } from '../../platform/passwords.js';
import { nowIso } from '../../platform/time.js';

/** Seeds demo content into an empty database; returns whether it did. */
export async function seedIfEmpty(config: Config, db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return false;
  if (!config.demoMode) return false;
  const now = nowIso();
  const hash = await hashPassword('lectern-editor');
  const editor = await db.kysely
    .insertInto('users')
    .values({ username: 'editor', email: 'editor@example.com', password_hash: hash, display_name: 'Editor', description: '', avatar: null, mobile: null, role: 'staff', email_verified: 1, is_active: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 1; i <= 5; i++) {
    await db.kysely
      .insertInto('articles')
      .values({ title: `Article ${i}`, slug: `article-${i}`, summary: `Summary ${i}`, cover: null, body_markdown: 'Hello', content_html: '<p>Hello</p>', body_text: 'Hello', author_id: editor.id, category_id: null, access: i % 2 ? 'free' : 'premium', free_read: 0, is_hot: 0, language: 'en', status: 'published', reading_time: 1, view_count: 0, published_at: now, created_at: now, updated_at: now })
      .execute();
  }
  return true;
}

export async function seedLargeSite(_config: Config, _db: Db, _count: number): Promise<void> {
  throw new Error('large seed not written yet');
}
