import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../platform/context.js';
import { addViews } from './repo.js';

export interface ViewCounterOptions {
  /** Adds the counts (article id -> views) to the stored ones, all or nothing. */
  write: (counts: Map<number, number>) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
  intervalMs?: number;
}

/** The counts written in one transaction, so a failed write leaves none of them applied and can be retried. */
export function writeViews(ctx: AppContext): ViewCounterOptions['write'] {
  return (counts) => ctx.db.kysely.transaction().execute((trx) => addViews(trx, counts));
}

/**
 * Article views are counted in memory and written as increments every few seconds, so reading an
 * article never waits on a write and several processes simply add up. A failed write (the database
 * busy or away) is logged and its counts kept for the next tick: no view is lost and the process lives on.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ViewCounterOptions) {}

  count(articleId: number, views = 1): void {
    this.pending.set(articleId, (this.pending.get(articleId) ?? 0) + views);
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs ?? 5000).unref();
  }

  /** Writes what is pending; resolves false (never rejects) when the write failed and the counts wait for the next tick. */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return true;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.options.write(batch);
      return true;
    } catch (err) {
      for (const [id, n] of batch) this.count(id, n);
      this.options.log.error({ err, articles: batch.size }, 'writing article views failed; they are kept for the next try');
      return false;
    }
  }
}
