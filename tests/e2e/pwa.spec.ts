import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { articles, expect, hydrated, test } from './fixtures.js';

test('the site is installable: manifest and an active service worker', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Lectern', short_name: 'Lectern', display: 'standalone', start_url: '/' });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose?.includes('maskable'))).toBe(true);
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? navigator.serviceWorker.getRegistration().then((r) => r?.active?.state))).toBe('activated');
});

test('an article visited online opens offline', async ({ page, context, expectedFailures }) => {
  // Offline, the probe and the worker's network attempts fail by design.
  expectedFailures.push(/./);
  const free = (await articles(page)).find((a) => a.access === 'free')!;
  await page.goto('/');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await page.goto(`/article/${free.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: free.title })).toBeVisible();

  await context.setOffline(true);
  // The worker's own fetches fail too: prove it, so a change in that behaviour is noticed.
  const reachable = await page.evaluate(async () => {
    try {
      await fetch(`/healthz?offline-probe=${Date.now()}`, { cache: 'no-store' });
      return true;
    } catch {
      return false;
    }
  });
  expect(reachable).toBe(false);
  await page.goto(`/article/${free.id}`);
  await expect(page.getByRole('heading', { level: 1, name: free.title })).toBeVisible();
  await context.setOffline(false);
});

test('a new deployment shows "update available" and Reload switches to it', async ({ page }) => {
  const swFile = path.resolve(process.env.DIST_DIR ?? 'dist', 'client', 'sw.js');
  const original = readFileSync(swFile, 'utf8');
  await page.goto('/');
  await hydrated(page);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await hydrated(page);
  try {
    // A new build of the worker: same behaviour, different bytes.
    writeFileSync(swFile, `${original}\n// deployment ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available.' });
    await expect(prompt).toBeVisible();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await expect(prompt).toBeHidden();
    const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(waiting).toBe(false);
  } finally {
    writeFileSync(swFile, original);
  }
});
