import type { ReadingProgress } from '../../../../shared/api/content-readers.js';
import type { Actor } from '../../../platform/auth.js';
import type { AppContext } from '../../../platform/context.js';
import { nowIso } from '../../../platform/time.js';
import { getSummary } from '../articles/service.js';
import { findProgress, upsertProgress } from './repo.js';

/** Reading this far counts as finished: the last lines of an article are often links and footnotes. */
export const COMPLETED_AT = 0.98;

export interface ProgressInput {
  progress: number;
  position: number;
}

type ProgressRow = NonNullable<Awaited<ReturnType<typeof findProgress>>>;

const toProgress = (row: ProgressRow): ReadingProgress => ({
  article_id: row.article_id,
  progress: Number(row.progress),
  position: Number(row.position),
  completed: Boolean(row.completed),
  updated_at: row.updated_at,
});

/** The caller's own progress on a published article; nothing stored yet reads as not started. */
export async function getProgress(ctx: AppContext, actor: Actor, articleId: number): Promise<ReadingProgress> {
  await getSummary(ctx, articleId);
  const row = await findProgress(ctx.db.kysely, actor.id, articleId);
  if (!row) return { article_id: articleId, progress: 0, position: 0, completed: false, updated_at: null };
  return toProgress(row);
}

/**
 * Records where the caller is. `progress` follows the reader back up (it is where to resume), while
 * `completed` stays true once reached, so an article read to the end stays read.
 */
export async function saveProgress(ctx: AppContext, actor: Actor, articleId: number, input: ProgressInput): Promise<ReadingProgress> {
  await getSummary(ctx, articleId);
  const row = await upsertProgress(ctx.db.kysely, {
    user_id: actor.id,
    article_id: articleId,
    progress: input.progress,
    position: input.position,
    completed: input.progress >= COMPLETED_AT ? 1 : 0,
    updated_at: nowIso(),
  });
  return toProgress(row);
}

/** The canonical page of a published article, as a path and as an absolute URL. */
export async function contentUrl(ctx: AppContext, articleId: number) {
  const article = await getSummary(ctx, articleId);
  const path = `/article/${article.id}`;
  return { id: article.id, path, url: `${ctx.config.publicUrl}${path}` };
}
