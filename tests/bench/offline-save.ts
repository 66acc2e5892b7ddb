/**
 * Saving a course for offline, measured: `npx tsx tests/bench/offline-save.ts` (also the last step of
 * `npm run bench`). The production server on a demo site; staff make a member course of 20 lessons, each with
 * text, code and an image of its own uploaded as the lesson's member media; the demo member, in Chromium
 * (/usr/bin/chromium, or CHROMIUM_PATH), presses "Save for offline" on the course page and the run waits for
 * "Saved on this device". Printed: seconds from the press to that message, the bytes the library row records,
 * the requests made meanwhile (page and service worker), and the manifest's own count of what was to be stored.
 * Options: --lessons <n> (20), --image-kb <n> (about 60 KB of WebP per image), --dist <dir> (a build to use
 * instead of `ensureBuild`'s).
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { parseDemoCredentials } from '../../src/server/db/seed/demo-credentials.js';
import { ensureBuild, run } from './build.js';
import { freePort, startServer, type RunningServer } from './server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface OfflineSaveResult {
  lessons: number;
  seconds: number;
  /** The size the library row records: every stored answer, page and image. */
  bytes: number;
  /** Requests of the page and of its service worker between the press and the end (same origin, as Playwright sees them). */
  requests: { page: number; worker: number };
  /** How the browser downloaded: Background Fetch (its own downloads are not seen as requests) or the page itself. */
  path: 'background fetch' | 'page';
  /** Entries the save stored (the library row's URLs). */
  entries: number;
  /** The uploaded images' bytes, for scale. */
  imageBytes: number;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** A photo-like WebP of about `kb` KB: smooth colour with grain, different for every lesson. */
async function lessonImage(seed: number, kb: number): Promise<Buffer> {
  const width = 960;
  const height = 540;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  const grain = () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return (state >>> 24) % 24;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = ((x + seed * 37) % 256) ^ grain();
      raw[i + 1] = ((y * 2 + seed * 11) % 256) ^ grain();
      raw[i + 2] = (((x + y) >> 1) % 256) ^ grain();
    }
  }
  // Quality chosen from the target size: grain costs bytes the way a photograph does.
  let quality = 80;
  for (;;) {
    const out = await sharp(raw, { raw: { width, height, channels: 3 } }).webp({ quality }).toBuffer();
    if (out.length <= kb * 1024 || quality <= 20) return out;
    quality -= 10;
  }
}

async function api<T>(url: string, method: string, token: string, body?: unknown, contentType = 'application/json'): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/v2/rest-auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!res.ok) throw new Error(`Login as ${username} answered ${res.status}`);
  return ((await res.json()) as { access: string }).access;
}

const fence = '```';

/** The course through the staff API: published, for members, `lessons` lessons with code and an image each. */
async function createCourse(base: string, token: string, lessons: number, imageKb: number): Promise<{ id: number; imageBytes: number }> {
  const v2 = `${base}/api/v2`;
  const course = await api<{ id: number }>(`${v2}/course`, 'POST', token, {
    title: `Offline reading, ${lessons} lessons`,
    summary: 'A long member course, made to measure saving a whole course on a phone.',
    cover: '/media/demo/cover-web-1.webp',
    body_markdown: `${lessons} lessons, each with a figure and a code sample.`,
    access: 'premium',
    language: 'en',
    is_published: true,
    position: 99,
  });
  let imageBytes = 0;
  for (let n = 1; n <= lessons; n += 1) {
    const lesson = await api<{ id: number }>(`${v2}/lesson`, 'POST', token, {
      course_id: course.id,
      title: `Lesson ${n}: caching step ${n}`,
      chapter: `Part ${Math.ceil(n / 5)}`,
      duration: 300 + n * 10,
    });
    const image = await lessonImage(n, imageKb);
    imageBytes += image.length;
    const upload = await api<{ url: string }>(`${v2}/lesson/${lesson.id}/media`, 'POST', token, image, 'image/webp');
    const paragraph = `Step ${n} of the course stores one more kind of answer on the device and reads it back with the network off. `.repeat(6);
    await api(`${v2}/lesson/${lesson.id}`, 'PATCH', token, {
      body_markdown: `${paragraph}\n\n![Figure ${n}](${upload.url})\n\n${fence}ts\nconst cache = await caches.open('lesson-${n}');\nawait cache.put(request, response.clone());\n${fence}\n\n${paragraph}`,
    });
  }
  return { id: course.id, imageBytes };
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const element = document.getElementById('root');
    return Boolean(element && Object.keys(element).some((k) => k.startsWith('__reactContainer')));
  });
}

/** The member saves the course in Chromium; timed from the press to "Saved on this device". */
async function saveInBrowser(
  browser: Browser,
  base: string,
  member: { username: string; password: string },
  courseId: number,
  lessons: number,
  withBackgroundFetch: boolean,
): Promise<OfflineSaveResult> {
  const context = await browser.newContext({ baseURL: base });
  // A browser without Background Fetch (every one but Chromium): the page downloads the course itself.
  if (!withBackgroundFetch) await context.addInitScript(() => void delete (globalThis as { BackgroundFetchManager?: unknown }).BackgroundFetchManager);
  const page = await context.newPage();
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`/course/${courseId}`);
  await hydrated(page);
  // The worker in control first, as on a phone that has opened the site before.
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  const save = page.getByRole('button', { name: 'Save for offline', exact: true });
  await save.waitFor();

  const requests = { page: 0, worker: 0 };
  const origin = new URL(base).origin;
  context.on('request', (request) => {
    if (request.url().startsWith(origin)) requests[request.serviceWorker() ? 'worker' : 'page'] += 1;
  });
  const backgroundFetch = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return typeof (globalThis as { BackgroundFetchManager?: unknown }).BackgroundFetchManager !== 'undefined' && 'backgroundFetch' in registration;
  });
  const started = performance.now();
  await save.click();
  await page.getByText(/^Saved on this device \(/).waitFor({ timeout: 300_000 });
  const seconds = (performance.now() - started) / 1000;
  const counted = { ...requests };

  const row = await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('lectern');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const rows = await new Promise<Array<{ kind: string; id: number; size: number; urls: string[] }>>((resolve, reject) => {
      const all = db.transaction('library').objectStore('library').getAll();
      all.onsuccess = () => resolve(all.result as Array<{ kind: string; id: number; size: number; urls: string[] }>);
      all.onerror = () => reject(all.error);
    });
    db.close();
    return rows.find((r) => r.kind === 'course' && r.id === id) ?? null;
  }, courseId);
  await context.close();
  if (!row) throw new Error('The save ended without a library row.');
  return { lessons, seconds, bytes: row.size, requests: counted, entries: row.urls.length, imageBytes: 0, path: backgroundFetch ? 'background fetch' : 'page' };
}

export function offlineSaveTable(results: OfflineSaveResult[]): string {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
  const row = (label: string, value: (r: OfflineSaveResult) => string | number) => `| ${label} | ${results.map(value).join(' | ')} |`;
  return [
    `| saving a ${results[0]?.lessons ?? 0}-lesson member course (Chromium) | ${results.map((r) => `download by ${r.path}`).join(' | ')} |`,
    `|---|${results.map(() => '---:').join('|')}|`,
    row('seconds from "Save for offline" to "Saved on this device"', (r) => r.seconds.toFixed(2)),
    row('bytes stored (library row)', (r) => `${r.bytes} (${mb(r.bytes)})`),
    row('of which the uploaded images (one per lesson)', (r) => `${r.imageBytes} (${mb(r.imageBytes)})`),
    row('entries stored', (r) => r.entries),
    row('requests seen (page + service worker)', (r) => `${r.requests.page} + ${r.requests.worker}`),
  ].join('\n');
}

/**
 * The whole measurement on a server of its own (a fresh demo site in a temp folder). `dist` is a production
 * build (`ensureBuild`'s when not given).
 */
export async function measureOfflineSave(options: { dist?: string; lessons?: number; imageKb?: number } = {}): Promise<OfflineSaveResult[]> {
  const lessons = options.lessons ?? 20;
  const dist = options.dist ?? (await ensureBuild(root)).dist;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'lectern-offline-save-'));
  const dataDir = path.join(tmp, 'data');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'lectern.db')}`,
    DIST_DIR: dist,
    DEMO_MODE: '1',
    LOG_LEVEL: 'warn',
  };
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    await run(process.execPath, [path.join(dist, 'server', 'main.js'), 'seed'], { cwd: root, env });
    const accounts = parseDemoCredentials(readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8'));
    const account = (name: string) => {
      const found = accounts.find((a) => a.username === name);
      if (!found) throw new Error(`No demo account ${name} in the credentials file.`);
      return found;
    };
    server = await startServer(dist, env, await freePort());
    const editor = account('editor');
    const course = await createCourse(server.url, await login(server.url, editor.username, editor.password), lessons, options.imageKb ?? 60);
    log(`Made a member course of ${lessons} lessons with ${(course.imageBytes / 1e6).toFixed(2)} MB of images.`);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    // Each in a fresh browser profile, so neither finds anything the other stored.
    const results: OfflineSaveResult[] = [];
    for (const withBackgroundFetch of [true, false]) {
      const result = await saveInBrowser(browser, server.url, account('member'), course.id, lessons, withBackgroundFetch);
      results.push({ ...result, imageBytes: course.imageBytes });
    }
    return results;
  } finally {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Measures and prints the table; the exit code (1 when the save could not be measured). */
export async function runOfflineSave(options: Parameters<typeof measureOfflineSave>[0] = {}): Promise<number> {
  log(`\nSaving a ${options.lessons ?? 20}-lesson course for offline...`);
  try {
    log(`\n${offlineSaveTable(await measureOfflineSave(options))}\n`);
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  void runOfflineSave({
    dist: option('--dist') ? path.resolve(option('--dist')!) : undefined,
    lessons: option('--lessons') ? Number(option('--lessons')) : undefined,
    imageKb: option('--image-kb') ? Number(option('--image-kb')) : undefined,
  }).then((code) => process.exit(code));
}
