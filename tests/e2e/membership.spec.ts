import { answer, articles, demoPassword, expect, hydrated, loginAs, pressLogIn, succeeded, test } from './fixtures.js';
import { createAccount, PASSWORD } from './accounts-api.js';
import type { Page } from '@playwright/test';

// The server's defaults (FREE_READS_GUEST, FREE_READS_USER); the browser tests' server keeps them.
const FREE_READS_GUEST = 3;
const FREE_READS_USER = 5;
const PAYWALL = 'The rest of this article is for members';

/** The header's account link of a logged-in reader; its name says "premium member" for a member. */
const accountLink = (page: Page) => page.getByRole('link', { name: /\(your account\)$/ });

/** The auth row the app keeps in IndexedDB (SPEC section 3), read in the page. */
function storedAuth(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ isLogin?: number; isMember?: number; viewCount?: number } | undefined>((resolve, reject) => {
        const open = indexedDB.open('lectern');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('auth').objectStore('auth').get('current');
          get.onsuccess = () => {
            resolve(get.result as { isLogin?: number; isMember?: number; viewCount?: number } | undefined);
            open.result.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

async function logInWithForm(page: Page, username: string, password: string) {
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await pressLogIn(page);
  await expect(page).not.toHaveURL(/\/login/);
}

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

test('a guest reads three premium articles free, meets the paywall at the fourth, signs up and reads on under the user allowance', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const list = await meteredArticles(page);
  const member = await loginAs(page, 'member', demoPassword('member'));
  const snippets = await Promise.all(list.map((a) => bodySnippet(page, a.id, member.access)));
  const counts: number[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/v2/guest/guestviewcount') && response.request().method() === 'POST') {
      counts.push(((await response.json()) as { view_count: number }).view_count);
    }
  });
  for (const [i, article] of list.entries()) {
    // A free read is counted by the server; the page shows what it answers.
    const counted = i < FREE_READS_GUEST ? succeeded(answer(page, 'POST', /\/api\/v2\/guest\/guestviewcount/)) : null;
    const response = await page.goto(`/article/${article.id}`);
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain(snippets[i]);
    expect(html).not.toMatch(/"content_html":"[^"]/);
    await hydrated(page);
    const body = page.locator('.article-body');
    const paywall = page.getByRole('region', { name: PAYWALL });
    if (i < FREE_READS_GUEST) {
      await counted;
      await expect(body).toBeVisible();
      await expect(page.getByText(`${FREE_READS_GUEST - i - 1} of ${FREE_READS_GUEST} free articles left this month`)).toBeVisible();
      await expect(paywall).toHaveCount(0);
      // Each new read is counted on the server by fingerprint; the server's count is what the device keeps.
      await expect.poll(() => counts.at(-1)).toBe(i + 1);
    } else {
      await expect(paywall.getByText(`0 of ${FREE_READS_GUEST} free articles left this month`)).toBeVisible();
      await expect(paywall.getByRole('link', { name: 'Sign up' })).toBeVisible();
      await expect(body).toHaveCount(0);
    }
  }
  // Opening an article already read this month costs nothing, and is not counted again.
  await page.goto(`/article/${list[0].id}`);
  await expect(page.locator('.article-body')).toBeVisible();
  await expect(page.getByText(`0 of ${FREE_READS_GUEST} free articles left this month`)).toBeVisible();
  expect(counts).toEqual([1, 2, 3]);

  // A second guest gets the same cached, locked page: the first guest's reads never reach the shared HTML.
  const other = await browser.newContext();
  const second = await other.request.get(`/article/${list[0].id}`);
  expect(second.headers()['x-ssr-cache']).toBe('hit');
  const shared = await second.text();
  expect(shared).not.toContain(snippets[0]);
  expect(shared).not.toMatch(/"content_html":"[^"]/);
  await other.close();

  // The guest signs up and logs in from the paywall: the month's three reads join the account's, and the
  // user allowance opens the fourth article.
  const { username } = await createAccount(page.request, 'meter');
  await page.goto(`/article/${list[FREE_READS_GUEST].id}`);
  await hydrated(page);
  const userCount = page.waitForResponse((r) => r.url().includes('/api/v2/guest/userviewcount') && r.request().method() === 'POST');
  await page.getByRole('region', { name: PAYWALL }).getByRole('link', { name: 'Log in' }).click();
  await logInWithForm(page, username, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/article/${list[FREE_READS_GUEST].id}$`));
  // The device posted its own count of the user (1); the server answered with the account's, which is kept.
  const userAnswer = (await (await userCount).json()) as { view_count: number };
  await expect(page.locator('.article-body')).toBeVisible();
  await expect(page.getByText(`${FREE_READS_USER - FREE_READS_GUEST - 1} of ${FREE_READS_USER} free articles left this month`)).toBeVisible();
  expect(userAnswer.view_count).toBe(FREE_READS_GUEST + 1);
  await expect.poll(async () => (await storedAuth(page))?.viewCount).toBe(FREE_READS_GUEST + 1);
  await expect.poll(async () => (await storedAuth(page))?.isMember).toBe(0);
});

test('the demo member reads every premium article; the membership survives a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const premium = (await articles(page)).filter((a) => a.access === 'premium');
  expect(premium.length).toBeGreaterThan(FREE_READS_USER);
  await page.goto('/login');
  await logInWithForm(page, 'member', demoPassword('member'));
  // The login checks the membership (SPEC section 4) and the header shows it.
  await expect(accountLink(page)).toHaveAccessibleName(/premium member/);
  for (const article of premium) {
    await page.goto(`/article/${article.id}`);
    await expect(page.locator('.article-body')).toBeVisible();
    await expect(page.getByRole('region', { name: PAYWALL })).toHaveCount(0);
    await expect(page.locator('.meter-note')).toHaveCount(0);
  }
  await page.reload();
  await hydrated(page);
  await expect(accountLink(page)).toHaveAccessibleName(/premium member/);
  expect((await storedAuth(page))?.isMember).toBe(1);
});

test('logging out in one tab clears the membership in another', async ({ page, context }) => {
  const other = await context.newPage();
  await other.goto('/');
  await hydrated(other);
  await expect(other.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();

  await page.goto('/login');
  await logInWithForm(page, 'member', demoPassword('member'));
  // The tab that logged in checked the membership; the other shows the stored answer without asking.
  await expect(accountLink(other)).toHaveAccessibleName(/premium member/);
  expect((await storedAuth(other))?.isMember).toBe(1);

  const loggedOut = answer(page, 'POST', '/api/v2/rest-auth/logout/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await loggedOut;
  await expect(other.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await expect(accountLink(other)).toHaveCount(0);
  expect(await storedAuth(other)).toMatchObject({ isLogin: 0, isMember: 0 });
  await other.close();
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
  await pressLogIn(page);
  await expect(page).toHaveURL(/\/my-membership$/);
  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current.getByText('Active')).toBeVisible();
  await page.getByRole('textbox', { name: 'Gift code' }).fill(code.toLowerCase());
  const redeemed = succeeded(answer(page, 'POST', '/api/v2/membership/redeem'));
  await page.getByRole('button', { name: 'Redeem' }).click();
  await redeemed;
  await expect(page.getByText(/The code was redeemed: your membership runs until/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' }).getByText(/^Gift code:/)).toBeVisible();
});
