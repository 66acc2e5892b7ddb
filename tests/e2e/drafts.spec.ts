import { createAccount, PASSWORD } from './accounts-api.js';
import { answer, expect, hydrated, pressLogIn, succeeded, test } from './fixtures.js';

/*
 * A session that ends while the reader is typing (logged out in another tab, or its refresh token expired)
 * takes them to the login page; the text they typed comes back after they log in again. Passwords never do.
 */

test('the profile text typed before the session ended is back after logging in again', async ({ page }) => {
  // Two logins, a second tab and a save: slow on a busy two-core machine, not wrong.
  test.setTimeout(60_000);
  const { username } = await createAccount(page.request, 'drafts');
  await page.goto('/login?next=%2Faccount');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await pressLogIn(page);
  await page.waitForURL((url) => url.pathname === '/account');

  const about = page.getByLabel('About you');
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
  await about.fill('Half a sentence about me, not saved yet');
  await page.getByLabel('Current password').fill('Not-kept-anywhere-1');

  // Logged out in another tab: this one follows to the login page.
  const other = await page.context().newPage();
  await other.goto('/logout');
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/account');
  await other.close();
  const drafts = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  expect(drafts).toContain('Half a sentence about me');
  expect(drafts).not.toContain('Not-kept-anywhere');

  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await pressLogIn(page);
  await page.waitForURL((url) => url.pathname === '/account');
  await expect(page.getByLabel('About you')).toHaveValue('Half a sentence about me, not saved yet');
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // Saving it ends the draft.
  const saved = succeeded(answer(page, 'PATCH', /\/api\/v2\/user\/profile\/\d+$/));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved;
  await expect(page.getByText('Saved.')).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)))).not.toContain('Half a sentence');
});
