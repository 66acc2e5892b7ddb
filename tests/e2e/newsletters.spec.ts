import { logIn } from './device-helpers.js';
import { demoPassword, expect, hydrated, loginAs, test } from './fixtures.js';

/* The newsletter screen (/staff/newsletters) on a 390 px phone: a list from a segment, a template, a campaign sent by
   the send job, and its report. */
test.use({ viewport: { width: 390, height: 844 } });

test('an editor sends a campaign to a segment on a phone and sees its report', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  // The editor says yes to newsletters, so the "accepted mail" segment holds at least one reader.
  const { access } = await loginAs(page, 'editor', demoPassword('editor'));
  const choice = await page.request.put('/api/v2/ses/mail-choices', { data: { accepted: true, language: 'zh-CN' }, headers: { authorization: `Bearer ${access}` } });
  expect(choice.ok()).toBe(true);

  await logIn(page, 'editor', demoPassword('editor'));
  await page.goto('/staff');
  await hydrated(page);
  await page.getByRole('link', { name: 'Newsletters' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();

  const generate = page.getByRole('form', { name: 'Generate a list from a segment' });
  await generate.getByLabel('List name').fill(`Everyone ${stamp}`);
  await generate.getByLabel('Segment').selectOption('accepted');
  await generate.getByRole('button', { name: 'Generate list' }).click();
  await expect(generate.getByRole('status')).toContainText(`Everyone ${stamp}`);

  const template = page.getByRole('form', { name: 'New template' });
  await template.getByLabel('Template name').fill(`Monthly ${stamp}`);
  await template.getByLabel('English subject').fill('News for {{name}}');
  await template.getByLabel('English body (markdown)').fill('Hello {{name}}, here is **the news**.');
  await template.getByLabel('Chinese subject (optional)').fill('{{name}}，本月新闻');
  await template.getByLabel('Chinese body (markdown, optional)').fill('你好 {{name}}。');
  await template.getByRole('button', { name: 'Save template' }).click();
  await expect(template.getByRole('status')).toHaveText('Saved.');

  const campaign = page.getByRole('form', { name: 'New campaign' });
  await campaign.getByLabel('Campaign name').fill(`Campaign ${stamp}`);
  await campaign.getByLabel('Recipient list').selectOption({ label: `Everyone ${stamp}` });
  await campaign.getByLabel('Template').selectOption({ label: `Monthly ${stamp}` });
  await campaign.getByRole('button', { name: 'Create draft' }).click();
  await expect(campaign.getByRole('status')).toHaveText('Saved.');

  // Keyboard: the send button is reached and pressed without a pointer.
  const send = page.getByRole('button', { name: `Send Campaign ${stamp} now` });
  await send.focus();
  await page.keyboard.press('Enter');
  const row = page.locator('.news-campaign', { hasText: `Campaign ${stamp}` });
  await expect(row.getByRole('progressbar', { name: `Progress of Campaign ${stamp}` })).toBeVisible();
  // The send job runs every few seconds; the screen polls while the campaign is sending.
  await expect(row.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByRole('progressbar')).toHaveAttribute('value', '100');
  const sent = Number(await row.locator('[data-report="sent"]').textContent());
  expect(sent).toBeGreaterThanOrEqual(1);
  await expect(row.locator('[data-report="failed"]')).toHaveText('0');
  await expect(row.locator('[data-report="pending"]')).toHaveText('0');

  // Nothing is wider than the phone.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
