import type { Page } from '@playwright/test';
import { articles, expect, hydrated, test } from './fixtures.js';

/** Records every Content-Security-Policy violation of the page (the fixture also fails on the console error). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

function scriptSrc(csp: string | undefined): string | undefined {
  return csp
    ?.split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src'));
}

test('pages hydrate under a CSP that allows no inline script', async ({ page }) => {
  const violations = await watchViolations(page);
  const free = (await articles(page)).find((a) => a.access === 'free')!;

  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  expect(scriptSrc(home?.headers()['content-security-policy'])).toBe("script-src 'self'");
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // A link followed after hydration is handled by the router, from the state the server handed over.
  await page.goto(`/article/${free.id}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: free.title })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.locator('.site-header__brand').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  expect(await violations()).toEqual([]);
});

test('a 404 page hydrates into its error boundary', async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/no\/such\/page$/);
  const violations = await watchViolations(page);
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  expect(scriptSrc(missing?.headers()['content-security-policy'])).toBe("script-src 'self'");
  await hydrated(page);
  await expect(page.getByText('Page Not Found: /no/such/page')).toBeVisible();
  // Hydrated, the boundary's own link works without a page load.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.locator('.error-page').getByRole('link').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(await violations()).toEqual([]);
});

test('the offline page runs no inline script', async ({ page }) => {
  const res = await page.request.get('/offline.html');
  expect(res.ok()).toBe(true);
  const html = await res.text();
  expect(html).toContain('<script src="/offline.js"></script>');
  expect(html).not.toMatch(/<script>/);
  expect((await page.request.get('/offline.js')).ok()).toBe(true);
});
