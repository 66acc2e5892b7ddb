import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from '../../bench/build.js';
import { firstVisitKeys, readManifest, staticClosure, weightOf, type Manifest } from './first-visit-js.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ARTICLE_PAGE = 'src/web/features/content/pages/article-page.tsx';
const CATALOGUES = { en: 'src/shared/i18n/en.ts', 'zh-CN': 'src/shared/i18n/zh-CN.ts' } as const;

/**
 * The Brotli-compressed JavaScript a first visit to an article loads before it hydrates: the entry, the app it
 * starts once the page is painted, and the page's chunk. React, React DOM, React Router's data router (the union
 * of what every page uses: it is one module) and TanStack Query, built into one chunk, weigh about 91 KiB
 * (TanStack's useQueries and useMutation stay with the few lazy pages that use them); the app's
 * shell and the article page some 21 KiB. The issue's target is 100 KB; this bound only stops the first visit
 * growing unnoticed (113.7 KiB today, of which about 90 B are the root route's footer page links, about 300 B
 * the back office's routes and the account menu's "Back office" link, which asks who the logged-in user is, and
 * about 1 KB the back office's new screens' routes, the account menu's "My courses" link and the record of pages
 * seen, which lets a page reached inside the app reopen offline, and about 250 B the article page's link to its
 * translation and the plan a members-of-a-plan article names).
 */
const BUDGET_BYTES = 114 * 1024;

/** Code a guest reading an article never needs before hydration: it stays in its own routes' chunks. */
const NOT_ON_FIRST_VISIT: Array<{ what: string; key: RegExp }> = [
  { what: 'the account pages', key: /^src\/web\/features\/users\// },
  { what: 'the captcha', key: /altcha|(^|[/_])captcha/ },
  { what: 'the API playground', key: /api-playground|^src\/web\/features\/devtools\// },
  { what: 'the staff pages', key: /admin-preview|\/staff\// },
  { what: 'workbox-window', key: /node_modules\/workbox-window\// },
];

/** Libraries recognised by a string their code always holds, wherever the bundler put them. */
const LIBRARIES_NOT_ON_FIRST_VISIT: Array<{ what: string; marker: string }> = [
  { what: 'the captcha widget (altcha)', marker: 'altcha-widget' },
  { what: 'Dexie', marker: 'DexieError' },
  { what: 'XState', marker: 'xstate.init' },
  { what: 'zod', marker: 'ZodError' },
];

describe('the first visit to an article', () => {
  let clientDir = '';
  let manifest: Manifest;

  beforeAll(async () => {
    const build = await ensureBuild(ROOT);
    clientDir = path.join(build.dist, 'client');
    manifest = readManifest(clientDir);
  }, 300_000);

  it(`loads at most ${BUDGET_BYTES / 1024} KiB of compressed JavaScript`, () => {
    const chunks = firstVisitKeys(manifest, ARTICLE_PAGE).map((key) => ({ key, ...weightOf(clientDir, manifest[key].file) }));
    const total = chunks.reduce((sum, c) => sum + c.compressed, 0);
    const listing = chunks.map((c) => `${manifest[c.key].file} ${c.raw} B raw, ${c.compressed} B compressed`).join('\n');
    expect(total, `first visit: ${total} B compressed\n${listing}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('loads no message catalogue (the page brings its messages), and none of the account, captcha, playground, staff or session code', () => {
    const keys = firstVisitKeys(manifest, ARTICLE_PAGE);
    // Each catalogue is a chunk of its own that nothing before hydration imports statically.
    for (const catalogue of Object.values(CATALOGUES)) {
      expect(manifest[catalogue]?.isDynamicEntry, catalogue).toBe(true);
      expect(keys).not.toContain(catalogue);
    }
    for (const { what, key } of NOT_ON_FIRST_VISIT) {
      expect(keys.filter((k) => key.test(k) || key.test(manifest[k].name ?? '')), what).toEqual([]);
    }
    for (const { what, marker } of LIBRARIES_NOT_ON_FIRST_VISIT) {
      const holding = keys.filter((k) => readFileSync(path.join(clientDir, manifest[k].file), 'utf8').includes(marker));
      expect(holding, what).toEqual([]);
    }
  });

  it('still builds those into chunks of their own (so the checks above look for names that exist)', () => {
    const all = Object.keys(manifest);
    for (const { what, key } of NOT_ON_FIRST_VISIT) {
      expect(all.some((k) => key.test(k) || key.test(manifest[k].name ?? '')), what).toBe(true);
    }
    const files = all.map((k) => readFileSync(path.join(clientDir, manifest[k].file), 'utf8'));
    for (const { what, marker } of LIBRARIES_NOT_ON_FIRST_VISIT.filter((x) => x.marker !== 'ZodError')) {
      expect(files.some((text) => text.includes(marker)), what).toBe(true);
    }
  });
});

describe('the first-visit walk over a manifest', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/app.tsx'] },
    'src/app.tsx': { file: 'assets/app.js', isDynamicEntry: true, imports: ['_react.js'], dynamicImports: ['src/page.tsx', 'src/other.tsx'] },
    '_react.js': { file: 'assets/react.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
    'src/page.tsx': { file: 'assets/page.js', isDynamicEntry: true, imports: ['_shared.js', '_view.js'], dynamicImports: ['src/late.tsx'] },
    '_view.js': { file: 'assets/view.js' },
    'src/other.tsx': { file: 'assets/other.js', isDynamicEntry: true },
    'src/late.tsx': { file: 'assets/late.js', isDynamicEntry: true },
    'src/en.ts': { file: 'assets/en.js', isDynamicEntry: true },
  };

  it('follows static imports through cycles, takes the app the entry starts after the first paint, and leaves other dynamic imports out', () => {
    expect(staticClosure(manifest, ['src/page.tsx']).sort()).toEqual(['_react.js', '_shared.js', '_view.js', 'src/page.tsx']);
    expect(firstVisitKeys(manifest, 'src/page.tsx', 'src/app.tsx').sort()).toEqual(['_react.js', '_shared.js', '_view.js', 'index.html', 'src/app.tsx', 'src/page.tsx']);
  });

  it('names a page the manifest does not have, or an app the entry does not start', () => {
    expect(() => firstVisitKeys(manifest, 'src/gone.tsx', 'src/app.tsx')).toThrow('src/gone.tsx');
    expect(() => firstVisitKeys(manifest, 'src/page.tsx', 'src/other.tsx')).toThrow('src/other.tsx');
  });
});
