import { nowIso } from '../../../src/server/platform/time.js';
import type { TestApp } from '../helpers/app.js';

let seq = 0;

/** A page written straight to its table (a draft unless `live`); say `t.app.ctx.events.changed` if caches must see it. */
export async function createSitePage(
  t: TestApp,
  overrides: Partial<{ title: string; slug: string; body_markdown: string; translations: Record<string, Record<string, string>>; live: boolean; show_in_footer: boolean; sort_order: number }> = {},
) {
  const n = (seq += 1);
  const now = nowIso();
  const live = overrides.live ?? false;
  return t.db.kysely
    .insertInto('pages')
    .values({
      title: overrides.title ?? `Page ${n}`,
      slug: overrides.slug ?? `page-${n}-${Math.random().toString(36).slice(2, 8)}`,
      body_markdown: overrides.body_markdown ?? `Text of page ${n}.`,
      translations: JSON.stringify(overrides.translations ?? {}),
      live: live ? 1 : 0,
      first_published_at: live ? now : null,
      last_published_at: live ? now : null,
      show_in_footer: overrides.show_in_footer ? 1 : 0,
      sort_order: overrides.sort_order ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
