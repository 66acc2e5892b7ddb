/** A page whose showing counts as a read of something: `{ kind: 'article', id }`. */
export interface PageView {
  kind: string;
  id: number;
}

/**
 * Counters of page views, registered by the module that owns what is viewed (the articles module counts
 * article pages). The page server calls them for pages it serves from its cache, without knowing how a
 * module stores its counts.
 */
export class PageViews {
  private readonly counters = new Map<string, (id: number) => void>();

  register(kind: string, count: (id: number) => void): void {
    this.counters.set(kind, count);
  }

  count(view: PageView): void {
    this.counters.get(view.kind)?.(view.id);
  }
}
