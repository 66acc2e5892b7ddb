import { logIn } from './device-helpers.js';
import { demoPassword, expect, hydrated, test } from './fixtures.js';

/* On a 390 px phone: an editor gives an article to the members of one plan; a premium member of another plan is shown the paywall. */

test.use({ viewport: { width: 390, height: 844 } });

test('an editor writes for the members of one plan, and a member of another plan cannot read it', async ({ page, browser }) => {
  test.setTimeout(60_000); // two logins, an editor's autosaves and a reader's page
  const word = `circle${Date.now().toString(36)}`;
  await logIn(page, 'editor', demoPassword('editor'));
  await hydrated(page);
  await page.goto('/staff/write/article/new');
  await hydrated(page);
  await page.getByLabel('Title', { exact: true }).fill(`For supporters ${word}`);
  await page.getByLabel('Text (Markdown)', { exact: true }).fill(`The ${word} is for supporters only.`);
  await expect(page).toHaveURL(/\/staff\/write\/article\/\d+$/, { timeout: 15_000 });
  const id = Number(/\/(\d+)$/.exec(page.url())![1]);
  await page.getByLabel('Who may read it').selectOption('plan');
  await page.getByLabel('The plan whose members may read it').selectOption({ label: 'Supporter' });
  await expect(page.locator('.writing-sync')).toHaveAttribute('data-sync', 'saved', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published.')).toBeVisible();

  // The demo member holds Premium, not Supporter: the article's text is not theirs.
  const reader = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await reader.newPage();
  await logIn(other, 'member', demoPassword('member'));
  await other.goto(`/article/${id}`);
  await hydrated(other);
  await expect(other.getByRole('heading', { level: 1, name: `For supporters ${word}` })).toBeVisible();
  const answer = await other.request.get(`/api/v2/article/${id}`);
  expect(await answer.text()).not.toContain(`The ${word}`);
  await expect(other.getByText(`The ${word} is for supporters only.`)).toHaveCount(0);
  await reader.close();
});
