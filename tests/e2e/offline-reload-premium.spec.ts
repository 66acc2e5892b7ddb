import { controlled, deviceContents, logIn } from './device-helpers.js';
import type { Page } from '@playwright/test';
import { answer, demoPassword, expect, hydrated, loginAs, test } from './fixtures.js';

/*
 * A connection that says it is online but carries nothing (a captive portal, a dead signal): every request hangs.
 * The member's premium article saved for offline shows its saved copy after a short wait, well before the
 * http client's own timeout (10 s) would give up on the access check; after logout nothing of it is left.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The users' caches (offline copies and records of seen pages), read without opening any (see `userCacheNames`). */
const userCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('lectern-seen-user-') || n.startsWith('lectern-offline-user-')));

/** Logs out with the header's button, as a reader does, and waits until the site has been told. */
async function logOut(page: Page) {
  await page.goto('/');
  await hydrated(page);
  const loggedOut = answer(page, 'POST', '/api/v2/rest-auth/logout/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await loggedOut;
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
}


test('a member’s saved premium article shows the saved copy on a connection that answers nothing', async ({ page, context, expectedFailures }) => {
  test.setTimeout(120_000);
  expectedFailures.push(/./);
  const editor = async () => ({ authorization: `Bearer ${(await loginAs(page, 'editor', demoPassword('editor'))).access}` });
  const memberText = `Soundings for members ${Date.now()}`;
  const created = await page.request.post('/api/v2/article', {
    headers: await editor(),
    data: { title: `Depth charts ${Date.now()}`, summary: 'Depths of the bay.', body_markdown: `${memberText}.`, access: 'premium', status: 'published', published_at: '2019-01-03T00:00:00.000Z' },
  });
  expect(created.status()).toBe(201);
  const article = (await created.json()) as { id: number; title: string };
  try {
    await logIn(page, 'member', demoPassword('member'));
    await controlled(page);
    await page.goto(`/article/${article.id}`);
    await hydrated(page);
    await expect(page.getByText(memberText)).toBeVisible();
    await page.getByRole('button', { name: 'Save for offline', exact: true }).click();
    await expect(page.getByText(/^Saved on this device \(\d[\d.,]* (KB|MB)\)\.$/)).toBeVisible({ timeout: 30_000 });

    // The app is closed; the connection now swallows every request (the worker's too) and answers none.
    await page.close();
    await context.route('**/*', () => undefined);
    const again = await context.newPage();
    const started = Date.now();
    await again.goto(`/article/${article.id}`, { waitUntil: 'commit' });
    await expect(again.getByRole('heading', { level: 1, name: article.title })).toBeVisible({ timeout: 10_000 });
    await expect(again.getByText(memberText)).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - started, 'the saved copy comes before the access check would time out').toBeLessThan(10_000);
    await again.close();

    // The connection returns; the member logs out and nothing of theirs is left on the device.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    const last = await context.newPage();
    await logOut(last);
    await expect.poll(() => userCaches(last), { timeout: 20_000 }).toEqual([]);
    const device = await deviceContents(last);
    expect(device.bodies.filter((b) => b.includes(memberText))).toEqual([]);
    expect(JSON.stringify(device.rows)).not.toContain(memberText);
    expect(await last.evaluate(() => JSON.stringify(localStorage))).not.toContain(memberText);
  } finally {
    await page.request.delete(`/api/v2/article/${article.id}`, { headers: await editor() }).catch(() => undefined);
  }
});
