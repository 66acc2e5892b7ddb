import type { Page } from '@playwright/test';
import { logIn } from './device-helpers.js';
import { demoPassword, expect, hydrated, test } from './fixtures.js';

/* On a 390 px phone: an editor makes an alias of a site page, sees it follow the original's publication, and converts it. */

test.use({ viewport: { width: 390, height: 844 } });

const allSaved = (page: Page) => expect(page.locator('.writing-sync')).toHaveAttribute('data-sync', 'saved', { timeout: 15_000 });
const body = (page: Page) => page.getByLabel('Text (Markdown)', { exact: true });

test('an alias of a page follows its original after publishing, and is converted into an ordinary page', async ({ page }) => {
  test.setTimeout(60_000); // a login, autosaves and three publications
  const word = `alias${Date.now().toString(36)}`;
  await logIn(page, 'editor', demoPassword('editor'));
  await hydrated(page);
  await page.goto('/staff/write/page/new');
  await hydrated(page);
  await page.getByLabel('Title', { exact: true }).fill(`Opening hours ${word}`);
  await body(page).fill(`Open on Mondays ${word}.`);
  await expect(page).toHaveURL(/\/staff\/write\/page\/\d+$/, { timeout: 15_000 });
  const originalUrl = page.url();
  await allSaved(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published.')).toBeVisible();

  await page.getByRole('button', { name: 'Create alias' }).click();
  await expect(page.getByText('This is the alias: its content follows the original.')).toBeVisible();
  await expect(page).not.toHaveURL(originalUrl);
  const note = page.getByRole('note');
  await expect(note).toContainText('Alias of');
  await expect(note.getByRole('link', { name: `Opening hours ${word}` })).toHaveAttribute('href', new URL(originalUrl).pathname);
  await expect(body(page)).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  const slug = await page.getByLabel('Slug', { exact: true }).inputValue();
  expect(slug).not.toBe('');
  const aliasText = async () => (await page.request.get(`/api/v2/page/s/${slug}`)).text();
  expect(await aliasText()).toContain(`Open on Mondays ${word}.`);

  // The original changes: the alias shows it once the original is published.
  await note.getByRole('link', { name: `Opening hours ${word}` }).click();
  await expect(page).toHaveURL(originalUrl);
  await expect(page.getByText('Aliases showing this')).toBeVisible();
  await body(page).fill(`Open on Tuesdays ${word}.`);
  await allSaved(page);
  expect(await aliasText()).toContain(`Open on Mondays ${word}.`);
  await page.getByRole('button', { name: 'Publish the changes' }).click();
  await expect(page.getByText('Published.')).toBeVisible();
  expect(await aliasText()).toContain(`Open on Tuesdays ${word}.`);

  // Converted, it is an ordinary page with the text it showed, editable again.
  await page.getByRole('link', { name: `Opening hours ${word}` }).last().click();
  await expect(page.getByRole('note')).toBeVisible();
  await expect(body(page)).toHaveValue(`Open on Tuesdays ${word}.`);
  await page.getByRole('button', { name: 'Convert to an ordinary page' }).click();
  await expect(page.getByText('Converted: this is an ordinary item now')).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(body(page)).not.toHaveAttribute('readonly', '');
  expect(await aliasText()).toContain(`Open on Tuesdays ${word}.`);
});
