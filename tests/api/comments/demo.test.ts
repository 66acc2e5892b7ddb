import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../src/server/db/seed/index.js';
import { DEMO_COMMENTS } from '../../../src/server/db/seed/demo/comments.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { listComments } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty({ ...t.config, demoMode: true }, t.db, { passwords: { editor: 'editor-pass', reader: 'reader-pass', member: 'member-pass' } });
});

describe('the demo comments', () => {
  it('sit under two demo articles as threads with replies', async () => {
    for (const [slug, threads] of Object.entries(DEMO_COMMENTS)) {
      const article = await t.db.kysely.selectFrom('articles').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
      const page = await listComments(t, 'article', article.id);
      const expected = threads.flatMap((c) => [c, ...(c.replies ?? [])]).length;
      expect(page.count, slug).toBe(expected);
      expect(page.results[0]!.parent, slug).toBeNull();
      const withReplies = threads.findIndex((c) => (c.replies ?? []).length > 0);
      expect(withReplies, slug).toBeGreaterThanOrEqual(0);
      expect(page.results.some((c) => c.parent !== null), slug).toBe(true);
      expect(page.results.every((c) => c.user !== null && c.comment.startsWith('<p>')), slug).toBe(true);
    }
  });

  it('are dated in the order they were written, in the past: a newer comment has the larger id', async () => {
    const rows = await t.db.kysely.selectFrom('comments').select(['id', 'submit_date']).orderBy('id').execute();
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.submit_date)).toEqual([...rows.map((r) => r.submit_date)].sort());
    expect(rows.every((r) => r.submit_date < new Date().toISOString())).toBe(true);
  });
});
