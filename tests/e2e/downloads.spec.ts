import { readFileSync } from 'node:fs';
import { createAccount, PASSWORD } from './accounts-api.js';
import { expect, hydrated, payOnDevPage, pressLogIn, test } from './fixtures.js';

test('a buyer pays for the workbook with the test provider and downloads its PDF from the payment page and the orders page', async ({ page }) => {
  test.setTimeout(120_000);
  // An account of this test's own: its basket holds nothing another test put there.
  const { username } = await createAccount(page.request, 'dl');
  const list = await page.request.get('/api/v2/shop/products?page_size=50');
  const workbook = ((await list.json()) as { results: Array<{ id: number; title: string }> }).results.find((p) => p.title === 'Reading Habits Workbook (PDF)');
  expect(workbook).toBeTruthy();

  await page.goto(`/login?next=${encodeURIComponent(`/product/${workbook!.id}`)}`);
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await pressLogIn(page);
  await expect(page).toHaveURL(new RegExp(`/product/${workbook!.id}$`));
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Added to your basket.')).toBeVisible();

  await page.goto('/checkout');
  await hydrated(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'Test payment (demo)' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review your order' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await payOnDevPage(page);

  // A real link naming the file and its size; the browser saves what it answers.
  const link = page.getByRole('link', { name: /^Download reading-habits-workbook\.pdf \(\d+ KB\)$/ });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('reading-habits-workbook.pdf');
  const saved = readFileSync((await download.path())!);
  expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The orders page offers the same file.
  await page.goto('/my-order');
  await hydrated(page);
  const again = page.getByRole('link', { name: /^Download reading-habits-workbook\.pdf/ });
  await expect(again).toBeVisible();
  const [second] = await Promise.all([page.waitForEvent('download'), again.click()]);
  expect(readFileSync((await second.path())!).equals(saved)).toBe(true);
});
