/**
 * Cache Storage in memory, as much of it as the offline library uses (Node has none): entries keyed by
 * absolute URL, bodies kept as bytes so each match answers a fresh Response.
 */
const BASE = 'http://localhost';

const urlOf = (request: Request | string) => new URL(typeof request === 'string' ? request : request.url, BASE).href;

class FakeCache {
  readonly entries = new Map<string, { body: Uint8Array; init: ResponseInit }>();

  async put(request: Request | string, response: Response): Promise<void> {
    const body = new Uint8Array(await response.arrayBuffer());
    this.entries.set(urlOf(request), { body, init: { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) } });
  }

  async match(request: Request | string): Promise<Response | undefined> {
    const entry = this.entries.get(urlOf(request));
    return entry ? new Response(entry.body.slice(), entry.init) : undefined;
  }

  async delete(request: Request | string): Promise<boolean> {
    return this.entries.delete(urlOf(request));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<Cache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache as unknown as Cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(request: Request | string, options?: MultiCacheQueryOptions): Promise<Response | undefined> {
    // Like the browser's: with a cache name, only that cache (and none when it does not exist).
    const named = options?.cacheName === undefined ? [...this.caches.values()] : [this.caches.get(options.cacheName)].filter((c) => c !== undefined);
    for (const cache of named) {
      const found = await cache.match(request);
      if (found) return found;
    }
    return undefined;
  }

  /** The paths stored in one cache, sorted. */
  paths(name: string): string[] {
    return [...(this.caches.get(name)?.entries.keys() ?? [])].map((url) => new URL(url).pathname).sort();
  }

  asCacheStorage(): CacheStorage {
    return this as unknown as CacheStorage;
  }
}

/** A manifest of a course with two lessons sharing one image, and a cover. */
export function sampleManifest(version = 'v1') {
  return {
    course_id: 3,
    version,
    page_url: '/course/3',
    api_url: '/api/v2/course/3',
    api_bytes: 100,
    lessons: [
      { id: 31, title: 'One', page_url: '/course/3/lesson/31', api_url: '/api/v2/lesson/31', api_bytes: 200, images: ['/media/a.webp'] },
      { id: 32, title: 'Two', page_url: '/course/3/lesson/32', api_url: '/api/v2/lesson/32', api_bytes: 300, images: ['/media/a.webp', '/media/b.webp'] },
    ],
    images: [
      { url: '/media/cover.webp', bytes: 50 },
      { url: '/media/a.webp', bytes: 40 },
      { url: '/media/b.webp', bytes: 30 },
    ],
    total_bytes: 720,
  };
}
