import type { AppContext } from '../../../platform/context.js';
import { relatedSource } from './repo.js';

interface Entry {
  id: number;
  category: number | null;
  publishedAt: string;
}

/**
 * Tags, categories and dates of every published article, kept in memory so that a related list costs
 * a few thousand additions instead of a grouped join over every article sharing a tag (which grows with
 * the site). Rebuilt on the first request after any content change in this process, and after the SSR
 * cache lifetime for changes made by other processes, like every other guest cache. Scheduled articles
 * are in it and are left out while their date is in the future.
 */
class RelatedIndex {
  private readonly entries: Entry[] = [];
  /** Article id -> position in `entries`. */
  private readonly slot = new Map<number, number>();
  /** Tag id -> positions of its counted articles. */
  private readonly byTag = new Map<number, Int32Array>();
  private readonly tagsOf = new Map<number, number[]>();
  /** Newest first (then highest id), per category. */
  private readonly byCategory = new Map<number, Entry[]>();
  /** Shared tags per position, reused by every request (each resets what it touched). */
  private readonly shared: Uint16Array;

  constructor(source: Awaited<ReturnType<typeof relatedSource>>) {
    for (const a of source.articles) {
      this.slot.set(a.id, this.entries.length);
      this.entries.push({ id: a.id, category: a.category_id, publishedAt: a.published_at });
    }
    const lists = new Map<number, number[]>();
    for (const link of source.links) {
      push(this.tagsOf, link.article_id, link.tag_id);
      const at = this.slot.get(link.article_id);
      if (at !== undefined) push(lists, link.tag_id, at);
    }
    for (const [tag, list] of lists) this.byTag.set(tag, Int32Array.from(list));
    for (const a of this.entries) if (a.category !== null) push(this.byCategory, a.category, a);
    for (const list of this.byCategory.values()) list.sort(newestFirst);
    this.shared = new Uint16Array(this.entries.length);
  }

  /**
   * Best-first ids per set of tags and length: every article with the same tags has the same ranking (less
   * itself), so a site's few hundred tag sets are ranked once each instead of once per article.
   */
  private readonly ranked = new Map<string, number[]>();
  /** The earliest date of a scheduled article after the last check: rankings made before it are dropped then. */
  private releaseAt: string | null | undefined;

  /** The article's category when it is in the index (published, with a date), else undefined. */
  categoryOf(articleId: number): number | null | undefined {
    const at = this.slot.get(articleId);
    return at === undefined ? undefined : this.entries[at]!.category;
  }

  /** Articles sharing the most tags with this one (then the highest id), then its category's newest. */
  related(articleId: number, categoryId: number | null, limit: number, now: string): number[] {
    if (this.releaseAt === undefined || (this.releaseAt !== null && now >= this.releaseAt)) {
      this.ranked.clear();
      this.releaseAt = null;
      for (const a of this.entries) if (a.publishedAt > now && (this.releaseAt === null || a.publishedAt < this.releaseAt)) this.releaseAt = a.publishedAt;
    }
    const tags = this.tagsOf.get(articleId) ?? [];
    const key = `${limit}:${[...tags].sort((a, b) => a - b).join(',')}`;
    let ranking = this.ranked.get(key);
    if (!ranking) {
      // One more than asked, since the article itself is in its own tags' ranking.
      ranking = this.rank(tags, limit + 1, now);
      this.ranked.set(key, ranking);
    }
    const ids = ranking.filter((id) => id !== articleId).slice(0, limit);
    if (ids.length < limit && categoryId !== null) {
      const taken = new Set([articleId, ...ids]);
      for (const a of this.byCategory.get(categoryId) ?? []) {
        if (ids.length >= limit) break;
        if (a.publishedAt <= now && !taken.has(a.id)) ids.push(a.id);
      }
    }
    return ids;
  }

  /** The public articles with the most of these tags (then the highest id), at most `limit`. */
  private rank(tags: number[], limit: number, now: string): number[] {
    const touched: number[] = [];
    for (const tag of tags) {
      for (const at of this.byTag.get(tag) ?? []) {
        if (this.shared[at] === 0) touched.push(at);
        this.shared[at] += 1;
      }
    }
    // The best `limit` by (shared tags desc, id desc), kept sorted; `limit` is small.
    const best: [number, number][] = [];
    const before = (a: [number, number], b: [number, number]) => a[1] > b[1] || (a[1] === b[1] && a[0] > b[0]);
    for (const at of touched) {
      const entry: [number, number] = [this.entries[at]!.id, this.shared[at]!];
      this.shared[at] = 0;
      if (best.length === limit && !before(entry, best[limit - 1]!)) continue;
      if (this.entries[at]!.publishedAt > now) continue;
      let i = best.length;
      while (i > 0 && before(entry, best[i - 1]!)) i -= 1;
      best.splice(i, 0, entry);
      if (best.length > limit) best.pop();
    }
    return best.map(([id]) => id);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function newestFirst(a: Entry, b: Entry): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  return b.id - a.id;
}

interface Holder {
  index?: Promise<RelatedIndex>;
  builtAt: number;
}

const holders = new WeakMap<AppContext, Holder>();

function holderOf(ctx: AppContext): Holder {
  let holder = holders.get(ctx);
  if (!holder) {
    const created: Holder = { builtAt: 0 };
    ctx.events.onChanged(() => (created.index = undefined));
    holders.set(ctx, created);
    holder = created;
  }
  return holder;
}

async function indexOf(ctx: AppContext): Promise<RelatedIndex> {
  const holder = holderOf(ctx);
  const ttl = ctx.config.ssrCacheTtlSeconds * 1000;
  if (holder.index && ttl > 0 && Date.now() - holder.builtAt > ttl) holder.index = undefined;
  if (!holder.index) {
    const version = ctx.events.current;
    const building = relatedSource(ctx.db.kysely).then((source) => new RelatedIndex(source));
    holder.index = building;
    holder.builtAt = Date.now();
    building.then(
      // Content that changed while the rows were read is not in them: build again next time.
      () => version !== ctx.events.current && holder.index === building && (holder.index = undefined),
      () => holder.index === building && (holder.index = undefined),
    );
    return building;
  }
  return holder.index;
}

/** Ids of the articles related to a public article, best first. */
export async function relatedArticleIds(ctx: AppContext, articleId: number, categoryId: number | null, limit: number, now: string): Promise<number[]> {
  return (await indexOf(ctx)).related(articleId, categoryId, limit, now);
}

/** The category of an article as the related index holds it; undefined when the index does not hold the article. */
export async function indexedCategory(ctx: AppContext, articleId: number): Promise<number | null | undefined> {
  return (await indexOf(ctx)).categoryOf(articleId);
}
