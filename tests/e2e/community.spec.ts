import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { demoPassword, expect, hydrated, loginAs, pressLogIn, test } from './fixtures.js';

/**
 * A DiscourseConnect round trip on the production build, the test playing the forum with the secret that
 * playwright.config.ts gives the server: the forum sends a guest to /sso/login with a signed request, the guest
 * logs in, and the browser arrives at the forum's return URL with a signed answer naming the account.
 */
const FORUM = 'http://forum.lectern.localhost';
const SECRET = 'e2e-discourse-connect-secret';
const sign = (text: string) => createHmac('sha256', SECRET).update(text).digest('hex');

test('the forum signs a reader in through /sso/login after they log in here', async ({ page }) => {
  test.setTimeout(60_000);
  // The forum's return page: answered here, so nothing leaves the machine.
  let arrived = '';
  await page.route(`${FORUM}/**`, async (route) => {
    arrived = route.request().url();
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Forum</title><h1>Forum</h1>' });
  });

  const nonce = `e2e${Date.now().toString(36)}`;
  const sso = Buffer.from(new URLSearchParams({ nonce, return_sso_url: `${FORUM}/session/sso_login` }).toString()).toString('base64');
  await page.goto(`/sso/login?sso=${encodeURIComponent(sso)}&sig=${sign(sso)}`);
  // A guest is sent to log in first, and comes back to the forum's request. The app sends them once it has
  // booted: seconds on a busy machine, so the wait is for the address itself, as long as the test allows.
  await page.waitForURL(/\/login\?next=%2Fsso%2Flogin/);
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('member');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('member'));
  await pressLogIn(page);

  // The login's answer, the signed request for the forum, then the forum's page.
  await page.waitForURL(new RegExp(`^${FORUM}/session/sso_login\\?`));
  const answer = new URL(arrived);
  const payload = answer.searchParams.get('sso')!;
  expect(answer.searchParams.get('sig')).toBe(sign(payload));
  const fields = new URLSearchParams(Buffer.from(payload, 'base64').toString('utf8'));
  expect(fields.get('nonce')).toBe(nonce);
  expect(fields.get('username')).toBe('member');
  expect(Number(fields.get('external_id'))).toBeGreaterThan(0);
  expect(fields.get('email')).toContain('@');
  expect(fields.get('add_groups')).toBe('premium');
});

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical axe violations on the page, and whether anything is wider than the screen. */
async function checkPage(page: Page, path: string) {
  // Evaluated through the debugging protocol: the site's CSP refuses inline scripts, as it should.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
  expect(violations, `axe on ${path}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${path}`).toBeLessThanOrEqual(320);
}

test('the community and submission pages are accessible and fit a 320 px phone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/community');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Open the forum' })).toHaveAttribute('href', FORUM);
  await checkPage(page, '/community');

  const session = await loginAs(page, 'reader', demoPassword('reader'));
  await page.request.post('/api/v2/submission/file', {
    headers: { authorization: `Bearer ${session.access}` },
    multipart: { note: 'A long note about a draft', file: { name: 'a-very-long-file-name-for-a-draft-about-spaced-repetition.md', mimeType: 'text/markdown', buffer: Buffer.from('# Draft\n\nText.') } },
  });
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('reader');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('reader'));
  await pressLogIn(page);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/submission');
  await expect(page.getByRole('heading', { level: 1, name: 'Send a submission' })).toBeVisible();
  await expect(page.getByText('a-very-long-file-name-for-a-draft-about-spaced-repetition.md')).toBeVisible();
  await checkPage(page, '/submission');
});
