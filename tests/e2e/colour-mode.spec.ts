import { expect, hydrated, test } from './fixtures.js';

test('the colour mode survives a reload and is right in the first HTML', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.locator('.settings-menu summary').click();
  await page.getByLabel('Colour mode').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'color_mode')!;
  expect(cookie.value).toBe('dark');
  expect(cookie.sameSite).toBe('Lax');
  // The test site is plain http: a Secure cookie would be dropped there.
  expect(cookie.secure).toBe(false);
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(355);
  expect(days).toBeLessThan(357);

  // The server renders the stored mode, so the first paint is already dark (no flash).
  const res = await page.request.get('/', { headers: { cookie: 'color_mode=dark' } });
  expect(await res.text()).toContain('data-color-mode="dark"');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-color-mode', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = background.match(/\d+/g)!.map(Number);
  expect(r + g + b).toBeLessThan(200);
});
