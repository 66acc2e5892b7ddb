import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { answer, expect, hydrated, succeeded } from './fixtures.js';

/* What the offline browser tests share: axe, a login through the form, the worker's control, the device's contents. */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical axe violations of the page as it is now, at a phone's width. */
export async function seriousViolations(page: Page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

export async function logIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const login = succeeded(answer(page, 'POST', '/api/v2/rest-auth/login/'));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await login;
  await expect(page).not.toHaveURL(/\/login/);
}

/** Waits until the service worker controls the page (it claims open pages when it activates). */
export async function controlled(page: Page) {
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/**
 * Waits until the worker that controls the page has finished activating: what it stores while it activates
 * (the open pages, the offline library) is on the device then. On a busy machine that takes seconds after it
 * took control.
 */
export async function activated(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

/** Every Cache Storage entry (URL, and the body when it is text) and every IndexedDB row of the site. */
export function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const cacheNames = await caches.keys();
    const urls: string[] = [];
    const bodies: string[] = [];
    for (const name of cacheNames) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        urls.push(request.url);
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        if (response && /json|html|text/.test(type)) bodies.push(`${request.url}\n${await response.text()}`);
      }
    }
    const rows = await new Promise<Record<string, unknown[]>>((resolve, reject) => {
      const open = indexedDB.open('lectern');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const out: Record<string, unknown[]> = {};
        const names = [...db.objectStoreNames];
        const tx = db.transaction(names, 'readonly');
        for (const name of names) {
          const all = tx.objectStore(name).getAll();
          all.onsuccess = () => (out[name] = all.result as unknown[]);
        }
        tx.oncomplete = () => {
          db.close();
          resolve(out);
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    return { cacheNames, urls, bodies, rows };
  });
}

/**
 * The names of the users' caches, read without opening any: opening a cache the logout is deleting at that
 * moment would create it again, so a poll of `deviceContents` could keep alive what it waits to see gone.
 */
export function userCacheNames(page: Page) {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('lectern-offline-user-')));
}
