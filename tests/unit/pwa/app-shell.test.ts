import { describe, expect, it } from 'vitest';
import { BOOT_DATA_ELEMENT_ID, bootDataElement } from '../../../src/web/lib/boot-data.js';
import {
  buildRevision,
  deleteUserSeenCaches,
  recordSeen,
  SEEN_GUEST_CACHE,
  SEEN_LIMIT,
  seenCacheName,
  SHELL_BOOT_ID,
  shellFromPage,
  shellPreferences,
  wasSeen,
} from '../../../src/web/lib/offline/app-shell.js';
import { shellLanguage } from '../../../src/web/lib/offline/shell-boot.js';
import { FakeCacheStorage } from '../offline/fake-caches.js';

const ORIGIN = 'http://localhost';

/** A page as the server writes it: the template with its head, markup and boot data filled in. */
const page = (body: string, boot: unknown) =>
  [
    '<!doctype html><html lang="zh-CN" data-color-mode="dark"><head><meta charset="UTF-8" />',
    '<script type="module" crossorigin src="/assets/entry-client-abc123.js"></script>',
    '<link rel="stylesheet" crossorigin href="/assets/entry-client-def456.css">',
    '<title>Saved for offline · Lectern &amp; Co</title><meta name="description" content="What you saved." data-head>',
    '<meta name="robots" content="noindex" data-head><meta property="og:site_name" content="Lectern &amp; Co" data-head>',
    '<link rel="canonical" href="http://localhost/offline" data-head><script type="application/ld+json" data-head>{"@type":"WebPage"}</script>',
    `</head><body><div id="root">${body}</div>\n    ${bootDataElement(boot)}</body></html>`,
  ].join('');

describe('the app shell made from a rendered page', () => {
  const html = page('<header><div class="bar"><div>Lectern</div></div></header><main><h1>Saved for offline</h1></main>', {
    lang: 'zh-CN',
    state: { queries: [{ queryKey: ['articles', 'detail', 1, 0, 'en'] }] },
    messages: { secret: 'server text' },
  });

  it('keeps the build’s scripts and styles and empties the root, with no server data left', () => {
    const shell = shellFromPage(html)!;
    expect(shell).toContain('<script type="module" crossorigin src="/assets/entry-client-abc123.js"></script>');
    expect(shell).toContain('/assets/entry-client-def456.css');
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('Saved for offline</h1>');
    expect(shell).not.toContain(SHELL_BOOT_ID);
    expect(shell).not.toContain('server text');
  });

  it('drops the page’s own head and titles the shell with the site’s name', () => {
    const shell = shellFromPage(html)!;
    expect(shell).not.toContain('data-head');
    expect(shell).not.toContain('canonical');
    expect(shell).toContain('<title>Lectern &amp; Co</title>');
  });

  it('is not made from a document of another shape', () => {
    expect(shellFromPage('<!doctype html><html><body><h1>You are offline</h1></body></html>')).toBeNull();
  });

  it('uses the boot data id the server writes', () => {
    expect(SHELL_BOOT_ID).toBe(BOOT_DATA_ELEMENT_ID);
  });

  it('is named per build', () => {
    const a = buildRevision([{ url: '/assets/a.js', revision: null }, 'offline.html']);
    expect(buildRevision([{ url: '/assets/a.js', revision: null }, 'offline.html'])).toBe(a);
    expect(buildRevision([{ url: '/assets/b.js', revision: null }, 'offline.html'])).not.toBe(a);
  });
});

describe('the shell’s language and colour mode', () => {
  it('reads the site’s cookies', () => {
    expect(shellPreferences('a=1; lang=zh-CN; color_mode=dark')).toEqual({ lang: 'zh-CN', colorMode: 'dark' });
    expect(shellPreferences('')).toEqual({ lang: undefined, colorMode: undefined });
  });

  it('chooses as the server does: the cookie, else the browser’s first Chinese or English language', () => {
    expect(shellLanguage('zh-CN', ['en-GB'])).toBe('zh-CN');
    expect(shellLanguage('fr', ['fr-FR', 'zh-TW', 'en'])).toBe('zh-CN');
    expect(shellLanguage(undefined, ['de', 'en-US'])).toBe('en');
    expect(shellLanguage(undefined, ['de'])).toBe('en');
  });
});

describe('the record of seen pages', () => {
  const storage = () => new FakeCacheStorage() as unknown as CacheStorage;

  it('holds a page by its address without the fragment, for the guest or the user', async () => {
    const caches = storage();
    await recordSeen(caches, 0, `${ORIGIN}/article/1#comments`);
    await recordSeen(caches, 7, `${ORIGIN}/cart`);
    expect(await wasSeen(caches, `${ORIGIN}/article/1`)).toBe(true);
    expect(await wasSeen(caches, `${ORIGIN}/cart`)).toBe(true);
    expect(await wasSeen(caches, `${ORIGIN}/article/2`)).toBe(false);
    expect(await wasSeen(caches, `${ORIGIN}/article/1?page=2`)).toBe(false);
    expect(await caches.keys()).toEqual([SEEN_GUEST_CACHE, seenCacheName(7)]);
  });

  it('loses the users’ pages at logout and keeps the guest’s', async () => {
    const caches = storage();
    await recordSeen(caches, 0, `${ORIGIN}/article/1`);
    await recordSeen(caches, 7, `${ORIGIN}/my-course`);
    await deleteUserSeenCaches(caches);
    expect(await wasSeen(caches, `${ORIGIN}/my-course`)).toBe(false);
    expect(await wasSeen(caches, `${ORIGIN}/article/1`)).toBe(true);
    expect(await caches.keys()).toEqual([SEEN_GUEST_CACHE]);
  });

  it('keeps the most recent pages up to its limit, a page seen again counting as recent', async () => {
    const caches = storage();
    for (let i = 0; i < SEEN_LIMIT; i += 1) await recordSeen(caches, 0, `${ORIGIN}/article/${i}`);
    await recordSeen(caches, 0, `${ORIGIN}/article/0`);
    await recordSeen(caches, 0, `${ORIGIN}/article/new`);
    expect(await wasSeen(caches, `${ORIGIN}/article/0`)).toBe(true);
    expect(await wasSeen(caches, `${ORIGIN}/article/1`)).toBe(false);
    expect(await wasSeen(caches, `${ORIGIN}/article/new`)).toBe(true);
    expect(await (await caches.open(SEEN_GUEST_CACHE)).keys()).toHaveLength(SEEN_LIMIT);
  });
});
