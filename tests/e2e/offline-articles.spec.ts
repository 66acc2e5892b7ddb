import type { Page } from '@playwright/test';
import { createAccount, PASSWORD } from './accounts-api.js';
import { controlled, deviceContents, logIn, seriousViolations, userCacheNames } from './device-helpers.js';
import { answer, demoPassword, expect, hydrated, loginAs, succeeded, test } from './fixtures.js';

/*
 * Premium articles saved for offline on the production build: the demo member saves a premium article whose
 * image is one of its own member-only files, reads it (text and image) with the network off, both from the
 * offline library and by reloading the page, and a logout leaves none of it on the device. A guest gets no
 * byte of that image.
 */

/** A 4 x 4 PNG: real pixels, so the page can show that the image decoded. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGOQi1oARwzEcQC/IxGBJc2P+wAAAABJRU5ErkJggg==',
  'base64',
);

/** Every image of the article body has loaded and decoded. */
async function imagesShown(page: Page) {
  const images = page.locator('.article-body img');
  await expect(images).toHaveCount(1);
  for (const image of await images.all()) {
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

test('the demo member saves a premium article with its image, reads it offline, and a logout leaves none of it', async ({ page, context, expectedFailures }) => {
  // A login, the worker's install, a save (the article and its image), offline reads from the library and by
  // reloading, then a logout's wipe: a dozen page loads and waits on the device, slow on a busy two-core machine,
  // not wrong (every step waits for the answer or the state it shows).
  test.setTimeout(120_000);
  // While offline the page's API calls fail on purpose (the worker then answers from the device).
  expectedFailures.push(/\/api\/v2\//, /\/article\/\d+$/);
  const editor = async () => ({ authorization: `Bearer ${(await loginAs(page, 'editor', demoPassword('editor'))).access}` });
  // A premium article of its own, dated long ago so no list the other tests look at starts with it.
  const memberText = `Tide tables for members ${Date.now()}`;
  const created = await page.request.post('/api/v2/article', {
    headers: await editor(),
    data: { title: `Harbour charts ${Date.now()}`, summary: 'Charts of the harbour.', body_markdown: 'Draft.', access: 'premium', status: 'published', published_at: '2019-01-02T00:00:00.000Z' },
  });
  expect(created.status()).toBe(201);
  const article = (await created.json()) as { id: number; title: string };
  try {
    const uploaded = await page.request.post(`/api/v2/article/${article.id}/media`, { headers: { ...(await editor()), 'content-type': 'image/png' }, data: PNG });
    expect(uploaded.status()).toBe(201);
    const imageUrl = ((await uploaded.json()) as { url: string }).url;
    const patched = await page.request.patch(`/api/v2/article/${article.id}`, {
      headers: await editor(),
      data: { body_markdown: `${memberText}.\n\n![Harbour chart](${imageUrl})` },
    });
    expect(patched.ok()).toBe(true);

    // A guest: the locked page names no file of the article, and the file itself is refused.
    const guestPage = await page.request.get(`/article/${article.id}`);
    expect(await guestPage.text()).not.toContain('member_media');
    expect((await page.request.get(imageUrl)).status()).toBe(401);

    const password = demoPassword('member');
    const member = await loginAs(page, 'member', password);
    await logIn(page, 'member', password);
    await controlled(page);
    // The server renders the locked copy; the browser fetches the member's with the member's token.
    let full = succeeded(answer(page, 'POST', `/api/v2/article/${article.id}/unlock`));
    await page.goto(`/article/${article.id}`);
    await hydrated(page);
    await full;
    await expect(page.getByText(memberText)).toBeVisible();
    await imagesShown(page);
    await page.getByRole('button', { name: 'Save for offline', exact: true }).click();
    await expect(page.getByText(/^Saved on this device \(\d[\d.,]* (KB|MB)\)\.$/)).toBeVisible({ timeout: 30_000 });

    // The article changes: its page says the saved copy is out of date, and the update stores the new text.
    const revised = await page.request.patch(`/api/v2/article/${article.id}`, {
      headers: await editor(),
      data: { body_markdown: `${memberText}, revised.\n\n![Harbour chart](${imageUrl})` },
    });
    expect(revised.ok()).toBe(true);
    full = succeeded(answer(page, 'POST', `/api/v2/article/${article.id}/unlock`));
    await page.reload();
    await hydrated(page);
    await full;
    await expect(page.getByText('This article changed since you saved it: update available.')).toBeVisible();
    await page.getByRole('button', { name: 'Update the saved copy' }).click();
    await expect(page.getByText('This article changed since you saved it: update available.')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText(/^Saved on this device \(\d[\d.,]* (KB|MB)\)\.$/)).toBeVisible();
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await seriousViolations(page), 'axe on the article page with its saved copy').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than 320 px').toBeLessThanOrEqual(320);

    await context.setOffline(true);
    // From the library (an in-app move): the row with its size, then the article with its text and image.
    await page.getByRole('link', { name: 'Offline library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved for offline' })).toBeVisible();
    await expect(page.getByText(/^Article · \d[\d.,]* (KB|MB) · Saved /)).toBeVisible();
    await page.getByRole('link', { name: article.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByText(`${memberText}, revised.`)).toBeVisible();
    await imagesShown(page);
    // Opened afresh with no connection: the stored page, then the member's saved copy.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText(`${memberText}, revised.`)).toBeVisible();
    await imagesShown(page);
    await expect(page.getByRole('heading', { name: 'The rest of this article is for members' })).toHaveCount(0);

    const saved = await deviceContents(page);
    expect(saved.cacheNames).toContain(`lectern-offline-user-${member.user.pk}`);
    expect(saved.urls.some((url) => url.includes(`/member_media/article/${article.id}/`))).toBe(true);
    expect(saved.bodies.some((body) => body.includes(memberText))).toBe(true);

    // Logging out deletes the member's saved copies: no text, no image, no row.
    await context.setOffline(false);
    await page.goto('/');
    await hydrated(page);
    const loggedOut = answer(page, 'POST', '/api/v2/rest-auth/logout/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await loggedOut;
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    // The logout calls the site and stops any Background Fetch first: on a busy machine that takes a while.
    await expect
      .poll(async () => (await userCacheNames(page)), { timeout: 20_000 })
      .toEqual([]);
    const after = await deviceContents(page);
    expect(after.urls.filter((url) => url.includes('/member_media/'))).toEqual([]);
    expect(after.bodies.filter((body) => body.includes(memberText))).toEqual([]);
    expect(JSON.stringify(after.rows)).not.toContain(memberText);
    expect((after.rows.library as Array<{ owner: number }>).filter((row) => row.owner > 0)).toEqual([]);
  } finally {
    await page.request.delete(`/api/v2/article/${article.id}`, { headers: await editor() });
  }
});

test('a guest saves a free article only after pressing the button, and reads it offline from the shared cache', async ({ page, context, expectedFailures }) => {
  // The worker's install, the save's code loaded on the press, a save and an offline reload: more than one page's
  // worth of time on a busy two-core machine.
  test.setTimeout(60_000);
  expectedFailures.push(/\/api\/v2\//, /\/article\/\d+$/);
  const free = (await (await page.request.get('/api/v2/article/summary?access=free&page_size=1')).json()) as { results: Array<{ id: number; title: string }> };
  const article = free.results[0];
  const body = ((await (await page.request.get(`/api/v2/article/${article.id}`)).json()) as { content_html: string }).content_html;
  const guestText = /<p>([^<]{12,40})/.exec(body)?.[1];
  expect(guestText, 'a paragraph of the article').toBeTruthy();
  await page.goto('/');
  await hydrated(page);
  await controlled(page);
  await page.goto(`/article/${article.id}`);
  await hydrated(page);
  const loadedScripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')));
  const save = page.getByRole('button', { name: 'Save for offline', exact: true });
  await expect(save).toBeVisible();
  // Before the press, none of the save's code has loaded (the session's own XState and Dexie load for everyone).
  expect((await loadedScripts()).filter((name) => /save-article|article-offline-slot|save-service/.test(name))).toEqual([]);
  await save.click();
  // Saving loads its code, fetches the article and its images and stores them: seconds on a busy machine.
  await expect(page.getByText(/^Saved on this device \(\d[\d.,]* (KB|MB)\)\.$/)).toBeVisible({ timeout: 30_000 });
  const stored = await page.evaluate(async (id) => (await (await caches.open('lectern-offline')).keys()).map((request) => new URL(request.url).pathname).filter((path) => path.includes(String(id))), article.id);
  expect(stored).toEqual(expect.arrayContaining([`/article/${article.id}`, `/api/v2/article/${article.id}`]));
  expect(await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('lectern-offline-user-')))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(page.getByText(guestText!).first()).toBeVisible();
  await context.setOffline(false);

  // The library, from the menu entry, lists it and removes exactly its entries. (An in-app move: back online,
  // Chromium under Playwright may still keep the worker's own fetches offline.)
  await page.locator('summary[title="Display and language"]').click();
  await page.getByRole('link', { name: 'Offline library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved for offline' })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${article.title} from this device` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${article.title} was removed from this device.` })).toBeVisible();
  await expect(page.getByText('Nothing is saved on this device yet. Use “Save for offline” on a course or an article.')).toBeVisible();
  const left = await page.evaluate(async (id) => (await (await caches.open('lectern-offline')).keys()).map((request) => new URL(request.url).pathname).filter((path) => path.includes(String(id))), article.id);
  expect(left).toEqual([]);
});

test('a member whose membership ends keeps no premium copy on the device', async ({ page, context, expectedFailures }) => {
  // An account given the plan by staff, a login, the worker's install, a save, then a token refresh and the
  // membership check it starts, which drops the copy: many page loads and calls, slow on a busy two-core machine,
  // not wrong (every step waits for the answer or the state it shows).
  test.setTimeout(120_000);
  expectedFailures.push(/\/api\/v2\//, /\/article\/\d+$/);
  // A fresh token for each staff call: access tokens live 20 s here, less than this test on a busy machine.
  const staff = async () => ({ authorization: `Bearer ${(await loginAs(page, 'editor', demoPassword('editor'))).access}` });
  const memberText = `Soundings for members ${Date.now()}`;
  const created = await page.request.post('/api/v2/article', {
    headers: await staff(),
    data: { title: `Soundings ${Date.now()}`, summary: 'Depths of the bay.', body_markdown: `${memberText}.`, access: 'premium', status: 'published', published_at: '2019-01-03T00:00:00.000Z' },
  });
  expect(created.status()).toBe(201);
  const article = (await created.json()) as { id: number };
  try {
    // A reader of their own, given the premium plan by staff (the demo member is other tests' too).
    const { username } = await createAccount(page.request, 'ending');
    const reader = await loginAs(page, username, PASSWORD);
    const products = (await (await page.request.get('/api/v2/membership_product')).json()) as Array<{ id: number; membership_slug: string }>;
    const premium = products.find((p) => p.membership_slug === 'premium')!;
    const granted = await page.request.post('/api/v2/subscription/grant', { headers: await staff(), data: { user_id: reader.user.pk, product_id: premium.id, reference: `ending-${username}` } });
    expect(granted.status(), await granted.text()).toBe(200);
    const subscription = ((await granted.json()) as { subscription: { id: number } }).subscription;

    await logIn(page, username, PASSWORD);
    await controlled(page);
    const full = succeeded(answer(page, 'POST', `/api/v2/article/${article.id}/unlock`));
    await page.goto(`/article/${article.id}`);
    await hydrated(page);
    await full;
    await expect(page.getByText(memberText)).toBeVisible();
    await page.getByRole('button', { name: 'Save for offline', exact: true }).click();
    await expect(page.getByText(/^Saved on this device \(\d[\d.,]* (KB|MB)\)\.$/)).toBeVisible({ timeout: 30_000 });
    expect((await deviceContents(page)).bodies.some((body) => body.includes(memberText))).toBe(true);

    // Staff end the membership. The reader's next membership check (with each refresh of the access token, every few
    // minutes while the app is open) drops the copy: here the stored token is made to look expired, so the next page
    // refreshes it at once.
    expect((await page.request.post(`/api/v2/subscription/${subscription.id}/end`, { headers: await staff() })).ok()).toBe(true);
    // The refresh, then the membership check it starts (which finds no membership and drops the copy).
    const refreshed = succeeded(answer(page, 'POST', '/api/v2/rest-auth/token/refresh/'));
    const checked = answer(page, 'GET', `/api/v2/usermembership/user/${reader.user.pk}`);
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('lectern');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const store = open.result.transaction('auth', 'readwrite').objectStore('auth');
            const read = store.get('current');
            read.onsuccess = () => {
              const write = store.put({ ...read.result, access_token_expiration: new Date(Date.now() - 60_000).toISOString() }, 'current');
              write.onsuccess = () => resolve();
              write.onerror = () => reject(write.error);
            };
          };
        }),
    );
    await page.goto('/my-membership');
    await hydrated(page);
    await refreshed;
    await checked;
    await expect.poll(async () => (await deviceContents(page)).bodies.filter((body) => body.includes(memberText)).length, { timeout: 20_000 }).toBe(0);
    const rows = (await deviceContents(page)).rows.library as Array<{ id: number; kind: string }>;
    expect(rows.filter((row) => row.kind === 'article' && row.id === article.id)).toEqual([]);

    // Offline, the article is no longer readable on the device.
    await context.setOffline(true);
    await page.goto(`/article/${article.id}`).catch(() => undefined);
    await expect(page.getByText(memberText)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    await page.request.delete(`/api/v2/article/${article.id}`, { headers: await staff() });
  }
});
