import { articles, demoPassword, expect, hydrated, loginAs, test } from './fixtures.js';
import type { Page } from '@playwright/test';

const FREE_READS_GUEST = 3;

/** Premium articles that are not free reads: the ones the meter counts. */
async function meteredArticles(page: Page) {
  const list = (await articles(page)).filter((a) => a.access === 'premium' && !a.free_read);
  expect(list.length).toBeGreaterThan(FREE_READS_GUEST);
  return list.slice(0, FREE_READS_GUEST + 1);
}

/** A sentence of an article's body, as the member reads it: to look for in pages that must not hold it. */
async function bodySnippet(page: Page, id: number, access: string): Promise<string> {
  const res = await page.request.post(`/api/v2/article/${id}/unlock`, { headers: { authorization: `Bearer ${access}` } });
  expect(res.ok()).toBe(true);
  expect(res.headers()['cache-control']).toContain('no-store');
  const text = ((await res.json()) as { content_html: string }).content_html.replace(/<[^>]+>/g, ' ');
  const words = text.split(/\s+/).filter(Boolean);
  return words.slice(0, 8).join(' ');
}

test('a guest reads three premium articles free, then meets the paywall; the body is never in the server HTML', async ({ page }) => {
  const list = await meteredArticles(page);
  const member = await loginAs(page, 'member', demoPassword('member'));
  const snippets = await Promise.all(list.map((a) => bodySnippet(page, a.id, member.access)));
  for (const [i, article] of list.entries()) {
    const response = await page.goto(`/article/${article.id}`);
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain(snippets[i]);
    expect(html).not.toMatch(/"content_html":"[^"]/);
    await hydrated(page);
    const body = page.locator('.article-body');
    const paywall = page.getByRole('region', { name: 'The rest of this article is for members' });
    if (i < FREE_READS_GUEST) {
      await expect(body).toBeVisible();
      await expect(paywall).toHaveCount(0);
    } else {
      await expect(paywall.getByText(`0 of ${FREE_READS_GUEST} free articles left this month`)).toBeVisible();
      await expect(paywall.getByRole('link', { name: 'Sign up' })).toBeVisible();
      await expect(body).toHaveCount(0);
    }
  }
  // Opening an article already read this month costs nothing.
  await page.goto(`/article/${list[0].id}`);
  await expect(page.locator('.article-body')).toBeVisible();
});

test('the demo member reads every premium article', async ({ page }) => {
  const list = await meteredArticles(page);
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('member');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('member'));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  for (const article of list) {
    await page.goto(`/article/${article.id}`);
    await expect(page.locator('.article-body')).toBeVisible();
    await expect(page.getByRole('region', { name: 'The rest of this article is for members' })).toHaveCount(0);
  }
});

test('/member shows the plans with prices; the member redeems a gift code on /my-membership', async ({ page }) => {
  const plans = (await (await page.request.get('/api/v2/product_membership')).json()) as Array<{
    slug: string;
    name: string;
    products: Array<{ id: number; period_count: number }>;
  }>;
  const premium = plans.find((p) => p.slug === 'premium')!;
  await page.goto('/member');
  await expect(page.getByRole('heading', { level: 1, name: 'Membership' })).toBeVisible();
  await expect(page.getByRole('heading', { name: premium.name })).toBeVisible();
  await expect(page.locator('.plan-card__prices li').first()).toContainText('¥');

  // Staff make a code; the demo member redeems it, which extends their membership.
  const editor = await loginAs(page, 'editor', demoPassword('editor'));
  const expires = new Date(Date.now() + 7 * 86400_000).toISOString();
  const created = await page.request.post('/api/v2/membership_gift_code', {
    headers: { authorization: `Bearer ${editor.access}` },
    data: { product_id: premium.products[0].id, count: 1, expires_at: expires },
  });
  expect(created.status()).toBe(201);
  const [{ code }] = (await created.json()) as Array<{ code: string }>;

  await page.goto('/login?next=%2Fmy-membership');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('member');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('member'));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/my-membership$/);
  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current.getByText('Active')).toBeVisible();
  await page.getByRole('textbox', { name: 'Gift code' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText(/The code was redeemed: your membership runs until/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' }).getByText(/^Gift code:/)).toBeVisible();
});
