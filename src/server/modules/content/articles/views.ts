import type { AppContext } from '../../../platform/context.js';
import { addViews } from './repo.js';

/**
 * Article views are counted in memory and written as increments every few seconds, so reading an
 * article never waits on a write and several processes simply add up.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: AppContext, private readonly intervalMs = 5000) {}

  count(articleId: number): void {
    this.pending.set(articleId, (this.pending.get(articleId) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs).unref();
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    await addViews(this.ctx.db.kysely, batch);
  }
}
