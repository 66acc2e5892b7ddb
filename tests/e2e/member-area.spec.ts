import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unique } from './accounts-api.js';
import { answer, demoPassword, expect, hydrated, loginAs, solveCaptchaWidget, succeeded, test } from './fixtures.js';

/**
 * The member area on the production build: each page is rendered by the server with its content, hydrates
 * without console errors, has no serious axe violations, and the enquiry form reaches the site's staff.
 */

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

async function expectNoSeriousViolations(page: Page, path: string) {
  // Evaluated through the debugging protocol: the site's CSP refuses inline scripts, as it should.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    `axe on ${path}`,
  ).toEqual([]);
}

/** Opens `path`, checks that the server's HTML already holds `serverText`, and waits for hydration. */
async function open(page: Page, path: string, serverText: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  expect(await response?.text()).toContain(serverText);
  await hydrated(page);
}

test('the member pages show their content, are linked together, and pass axe', async ({ page }) => {
  test.setTimeout(120_000);
  const plans = (await (await page.request.get('/api/v2/product_membership')).json()) as { name: string; products: unknown[] }[];
  const priced = plans.find((plan) => plan.products.length > 0)!;
  const meter = (await (await page.request.get('/api/v2/membership/meter')).json()) as { free_reads_guest: number; free_reads_user: number };

  await open(page, '/member', priced.name);
  const card = page.getByRole('article', { name: priced.name });
  await expect(card.getByRole('list', { name: 'Prices' }).getByRole('listitem').first()).toContainText('¥');
  await expect(card.getByText(/Buy a plan here and pay online, or redeem a gift code/)).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Membership' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousViolations(page, '/member');

  // In the app, from /member to each page of the member area.
  const area = page.getByRole('navigation', { name: 'Member area' });
  await area.getByRole('link', { name: 'How membership works' }).click();
  await expect(page).toHaveURL(/\/member\/intro$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How membership works' })).toBeVisible();
  const facts = page.getByRole('region', { name: 'Free reads each month' }).getByRole('listitem');
  await expect(facts.first()).toHaveText(`${meter.free_reads_guest} free a month without an account (per device)`);
  await expect(facts.nth(1)).toHaveText(`${meter.free_reads_user} free a month with a free account`);

  await open(page, '/member/intro', 'How to become a member');
  await expect(page.getByRole('article', { name: priced.name })).toBeVisible();
  await expectNoSeriousViolations(page, '/member/intro');

  await open(page, '/member/content', 'Premium articles');
  const articles = page.getByRole('list', { name: 'Premium articles' }).getByRole('article');
  expect(await articles.count()).toBeGreaterThan(0);
  await expect(articles.first().getByText('Premium', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Member courses' }).getByRole('heading', { name: 'SQL 索引实战' })).toBeVisible();
  await expectNoSeriousViolations(page, '/member/content');

  await open(page, '/member/shortcuts', 'Shortcuts for members');
  const shortcut = page.getByRole('link', { name: /Members’ articles and courses Every premium article/ });
  await expect(shortcut).toHaveAttribute('href', '/member/content');
  await expectNoSeriousViolations(page, '/member/shortcuts');
  await shortcut.click();
  await expect(page).toHaveURL(/\/member\/content$/);
});

test('a guest sends an enquiry with the captcha, and staff find it', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, '/member/enquiry', 'Your question');
  await expectNoSeriousViolations(page, '/member/enquiry');

  const send = page.getByRole('button', { name: 'Send enquiry' });
  await send.click();
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Your name')).toBeFocused();

  const name = unique('Enquirer ');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail address').fill('enquirer@mail.lectern.org');
  await page.getByLabel('Plan you are asking about').selectOption({ label: 'Premium' });
  await page.getByLabel('Your question').fill('Can a membership be paid by invoice?');
  await solveCaptchaWidget(page);
  const sent = succeeded(answer(page, 'POST', '/api/v2/membership/enquiry'));
  await send.click();
  await sent;
  await expect(page.getByRole('region', { name: 'Enquiry sent' })).toBeFocused();
  await expect(page.getByText('Staff will reply to enquirer@mail.lectern.org.')).toBeVisible();
  await expectNoSeriousViolations(page, '/member/enquiry (sent)');

  const editor = await loginAs(page, 'editor', demoPassword('editor'));
  const list = await page.request.get('/api/v2/membership/enquiry', { headers: { authorization: `Bearer ${editor.access}` } });
  expect(list.ok()).toBe(true);
  const found = ((await list.json()) as { results: { name: string; email: string; plan: string | null; message: string }[] }).results.find((e) => e.name === name);
  expect(found).toMatchObject({ email: 'enquirer@mail.lectern.org', plan: 'premium', message: 'Can a membership be paid by invoice?' });
});

test('at 320 px nothing is wider than the screen, and the member area links are 44 px targets', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of ['/member', '/member/intro', '/member/content', '/member/enquiry', '/member/shortcuts']) {
    await page.goto(path);
    await hydrated(page);
    const layout = await page.evaluate(() => ({
      viewport: document.documentElement.clientWidth,
      scroll: document.documentElement.scrollWidth,
      wide: Array.from(document.querySelectorAll('main *'))
        .filter((el) => el.getBoundingClientRect().width > document.documentElement.clientWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`),
      small: Array.from(document.querySelectorAll('.member-area-links a, main .button, main select, main textarea, main input:not([type=checkbox])'))
        .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().height < 44)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} (${Math.round(el.getBoundingClientRect().height)} px)`),
    }));
    expect(layout.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(layout.viewport);
    expect(layout.wide, `too wide on ${path}`).toEqual([]);
    expect(layout.small, `small targets on ${path}`).toEqual([]);
  }
});
