import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { logIn, seriousViolations } from './device-helpers.js';
import { answer, demoPassword, expect, hydrated, loginAs, test } from './fixtures.js';

/* The back office's screens (/staff): the site's pages, the picture and document libraries, as staff use them. */

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/**
 * A 2×2 PNG of one colour of its own: the library keeps one file per content, so a picture another test uploaded
 * never holds the same file (which would let a delete through).
 */
function uniquePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rgb = [Math.floor(Math.random() * 256), Math.floor(Math.random() * 256), Date.now() % 256];
  const row = Buffer.from([0, ...rgb, ...rgb]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat([row, row]))), chunk('IEND', Buffer.alloc(0))]);
}

async function asEditor(page: Page) {
  await logIn(page, 'editor', demoPassword('editor'));
  await hydrated(page);
}

/** Opens a back-office screen from its address and waits for its heading. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * Presses `button` and waits for the server's answer to the call it makes (`method`, the path after /api/v2),
 * which must be `ok` or not: what the screen then shows is that answer.
 */
async function pressFor(page: Page, button: Locator, method: string, path: RegExp, ok = true) {
  const answered = answer(page, method, new RegExp(`/api/v2${path.source}`));
  await button.click();
  expect((await answered).ok(), `${method} ${path.source}`).toBe(ok);
}

async function confirmDelete(page: Page, call?: { method: string; path: RegExp; ok?: boolean }) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const button = dialog.getByRole('button', { name: 'Delete', exact: true });
  if (call) await pressFor(page, button, call.method, call.path, call.ok);
  else await button.click();
  await expect(dialog).toBeHidden();
}

const pageAction = (action: string) => ({ method: 'POST', path: new RegExp(`/pages/\\d+/action/${action}$`) });

test('an editor writes a page, publishes it, sees it in the footer, unpublishes, copies and deletes it', async ({ page, expectedFailures }) => {
  test.setTimeout(120_000);
  const slug = `bo-${Date.now().toString(36)}`;
  const title = `Shipping ${slug}`;
  // Refusals the test causes on purpose: a taken slug (409, on creating and on copying); the unpublished page.
  expectedFailures.push(new RegExp(`/page/${slug}$`), new RegExp(`/api/v2/page/s/${slug}`), /\/api\/v2\/pages$/, /\/api\/v2\/pages\/\d+\/action\/copy$/);
  await asEditor(page);

  // Staff reach the back office from the account menu.
  await page.getByRole('banner').getByRole('link', { name: 'Back office' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  // The back office's list of pages (its writing desk has a "Pages" card too, for the new page editor).
  await page.getByRole('link', { name: 'Pages', exact: true }).and(page.locator('[href="/staff/pages"]')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expect(page.locator('.staff-list').getByRole('link', { name: 'Terms of use' })).toBeVisible();
  await page.getByRole('link', { name: 'New page' }).click();

  // A slug already taken: the server's 409 shows beside the slug field, which takes focus.
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Slug', { exact: true }).fill('terms');
  await pressFor(page, page.getByRole('button', { name: 'Create the draft' }), 'POST', /\/pages$/, false);
  const slugField = page.getByLabel('Slug', { exact: true });
  await expect(slugField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('That slug is taken.')).toBeVisible();
  await expect(slugField).toBeFocused();

  await slugField.fill(slug);
  await page.getByLabel('Text (Markdown)', { exact: true }).fill('## Parcels\n\nWe ship within two days.');
  await page.getByLabel('Show in the footer').check();
  await page.getByLabel('Order', { exact: true }).fill('50');
  await page.getByLabel('Chinese title').fill('配送说明');
  await pressFor(page, page.getByRole('button', { name: 'Create the draft' }), 'POST', /\/pages$/);
  await expect(page).toHaveURL(/\/staff\/pages\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'The draft is created.' })).toBeVisible();
  await expect(page.getByText('This page is a draft: only staff see it.')).toBeVisible();
  const editUrl = page.url();
  // An invalid slug (400) is refused on purpose; the page's own address and no other.
  expectedFailures.push(new RegExp(`/api/v2/pages/${/\d+$/.exec(editUrl)![0]}$`));

  // A field the server refuses (an invalid slug) shows its message beside it; the typed values stay.
  await slugField.fill('Not A Slug');
  await pressFor(page, page.getByRole('button', { name: 'Save' }), 'PATCH', /\/pages\/\d+$/, false);
  await expect(page.getByText('Use lower-case letters, digits and hyphens.')).toBeVisible();
  await slugField.fill(slug);
  await pressFor(page, page.getByRole('button', { name: 'Save' }), 'PATCH', /\/pages\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await pressFor(page, page.getByRole('button', { name: 'Publish' }), 'POST', pageAction('publish').path);
  await expect(page.getByRole('status').filter({ hasText: 'Published: readers see it now.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeFocused();
  await page.getByRole('link', { name: 'View the live page' }).click();
  await expect(page).toHaveURL(new RegExp(`/page/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Parcels' })).toBeVisible();
  // A page loaded afresh lists it in the footer.
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('.site-footer__links').getByRole('link', { name: title })).toHaveAttribute('href', `/page/${slug}`);

  await open(page, editUrl, `Edit “${title}”`);
  await pressFor(page, page.getByRole('button', { name: 'Unpublish' }), 'POST', pageAction('unpublish').path);
  await expect(page.getByRole('status').filter({ hasText: 'Unpublished: it is a draft again.' })).toBeVisible();
  expect((await page.request.get(`/page/${slug}`)).status()).toBe(404);
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('.site-footer__links').getByRole('link', { name: title })).toHaveCount(0);

  // Copy: the slug is asked for (a taken one is refused beside the field), and the copy, a draft, opens.
  await open(page, editUrl, `Edit “${title}”`);
  await page.getByRole('button', { name: 'Copy' }).click();
  const copyDialog = page.getByRole('dialog', { name: 'Copy this page' });
  await copyDialog.getByLabel('The copy’s slug').fill('privacy');
  await pressFor(page, copyDialog.getByRole('button', { name: 'Make the copy' }), 'POST', pageAction('copy').path, false);
  await expect(copyDialog.getByText('That slug is taken.')).toBeVisible();
  await copyDialog.getByLabel('The copy’s slug').fill(`${slug}-2`);
  await pressFor(page, copyDialog.getByRole('button', { name: 'Make the copy' }), 'POST', pageAction('copy').path);
  await expect(page.getByRole('status').filter({ hasText: 'This is the copy, a draft.' })).toBeVisible();
  await expect(page).not.toHaveURL(editUrl);
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(`${slug}-2`);
  await expect(page.getByLabel('Chinese title')).toHaveValue('配送说明');

  // Delete the copy (after the confirmation), then the original; the list says so.
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page, pageAction('delete'));
  await expect(page).toHaveURL(/\/staff\/pages$/);
  await expect(page.getByRole('status').filter({ hasText: `“${title}” is deleted.` })).toBeVisible();
  // The list's heading has the focus, as the screen put it there (not the page's main, as a plain navigation would).
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeFocused();
  await page.getByLabel('Search titles').fill(slug);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`search=${slug}`));
  await expect(page.getByRole('link', { name: title })).toHaveCount(1);
  await page.getByRole('link', { name: title }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  // The safe choice has the focus: Enter on a dialog just opened keeps the page.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirmDelete(page, pageAction('delete'));
  await expect(page.getByRole('status').filter({ hasText: `“${title}” is deleted.` })).toBeVisible();
  const { access } = await loginAs(page, 'editor', demoPassword('editor'));
  const left = await page.request.get(`/api/v2/pages?search=${slug}`, { headers: { authorization: `Bearer ${access}` } });
  expect(((await left.json()) as { count: number }).count).toBe(0);
});

test('an editor uploads and deletes a picture and a document; a picture in use is kept, saying where', async ({ page, expectedFailures }) => {
  test.setTimeout(120_000);
  // The delete refused on purpose (409: in use).
  expectedFailures.push(/\/api\/v2\/images\/\d+$/);
  const stamp = Date.now().toString(36);
  await asEditor(page);

  await open(page, '/staff/images', 'Pictures');
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: uniquePng() });
  await page.getByLabel('Title', { exact: true }).fill(`Harbour ${stamp}`);
  await pressFor(page, page.getByRole('button', { name: 'Upload' }), 'POST', /\/images(\?.*)?$/);
  await expect(page.getByRole('status').filter({ hasText: `“Harbour ${stamp}” is uploaded.` })).toBeVisible();
  const thumb = page.getByRole('img', { name: `Harbour ${stamp}` });
  await expect(thumb).toBeVisible();
  const url = await thumb.getAttribute('src');
  expect(url).toMatch(/^\/uploads\/images\/[0-9a-f]{64}\.webp$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // In use in an article's text: the delete is refused with the server's words naming the article.
  const { access } = await loginAs(page, 'editor', demoPassword('editor'));
  const auth = { authorization: `Bearer ${access}` };
  const articleTitle = `Harbour notes ${stamp}`;
  const article = await page.request.post('/api/v2/article', { data: { title: articleTitle, body_markdown: `![Harbour](${url})`, status: 'draft' }, headers: auth });
  expect(article.status()).toBe(201);
  const articleId = ((await article.json()) as { id: number }).id;
  await page.getByRole('button', { name: `Delete Harbour ${stamp}` }).click();
  await confirmDelete(page, { method: 'DELETE', path: /\/images\/\d+$/, ok: false });
  await expect(page.getByRole('alert').filter({ hasText: `This picture is shown by article "${articleTitle}"` })).toBeVisible();
  await expect(thumb).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pictures' })).toBeFocused();

  // Unused again, it goes. (A fresh token: access tokens live 20 s here, and the steps above may take longer.)
  const again = { authorization: `Bearer ${(await loginAs(page, 'editor', demoPassword('editor'))).access}` };
  expect((await page.request.delete(`/api/v2/article/${articleId}`, { headers: again })).ok()).toBe(true);
  await page.getByRole('button', { name: `Delete Harbour ${stamp}` }).click();
  await confirmDelete(page, { method: 'DELETE', path: /\/images\/\d+$/ });
  await expect(page.getByRole('status').filter({ hasText: `“Harbour ${stamp}” is deleted.` })).toBeVisible();
  await expect(thumb).toHaveCount(0);

  // Documents: a PDF, judged by its bytes; its title is the file's name when none is given.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Choose a file first.')).toBeVisible();
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: `guide-${stamp}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${stamp}\n%%EOF\n`) });
  await pressFor(page, page.getByRole('button', { name: 'Upload' }), 'POST', /\/documents(\?.*)?$/);
  await expect(page.getByRole('status').filter({ hasText: 'is uploaded.' })).toBeVisible();
  const row = page.locator('.staff-row').filter({ hasText: `guide-${stamp}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('PDF');
  await expect(row).toContainText('1 KB');
  await row.getByRole('button', { name: /^Delete/ }).click();
  await confirmDelete(page, { method: 'DELETE', path: /\/documents\/\d+$/ });
  await expect(page.getByRole('status').filter({ hasText: 'is deleted.' })).toBeVisible();
  await expect(row).toHaveCount(0);
});

// No staff call is made for a reader: one would be refused (403) and fail the test as a console error.
test('a reader has no Back office link and is shown the forbidden page at /staff', async ({ page }) => {
  await logIn(page, 'reader', demoPassword('reader'));
  await hydrated(page);
  await expect(page.locator('.account-menu__user')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back office' })).toHaveCount(0);
  for (const path of ['/staff', '/staff/pages', '/staff/images']) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Forbidden' })).toBeVisible();
    await expect(page.getByText('The back office is for staff accounts.')).toBeVisible();
  }
});

test('the back-office screens fit a 320 px phone and have no serious accessibility findings', async ({ page }) => {
  test.setTimeout(120_000);
  await asEditor(page);
  await page.setViewportSize({ width: 320, height: 640 });
  const terms = await (async () => {
    const { access } = await loginAs(page, 'editor', demoPassword('editor'));
    const res = await page.request.get('/api/v2/pages/find?slug=terms', { headers: { authorization: `Bearer ${access}` } });
    return ((await res.json()) as { id: number }).id;
  })();
  for (const [path, heading] of [
    ['/staff', 'Back office'],
    ['/staff/pages', 'Pages'],
    ['/staff/pages/new', 'New page'],
    [`/staff/pages/${terms}`, 'Edit “Terms of use”'],
    ['/staff/images', 'Pictures'],
    ['/staff/documents', 'Documents'],
  ] as const) {
    await open(page, path, heading);
    await expect(page.getByText('Loading…')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${path}`).toBeLessThanOrEqual(320);
    expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
  }
  // The header's Back office sign is a 44 px target, named for screen readers.
  const link = page.getByRole('banner').getByRole('link', { name: 'Back office' });
  const box = await link.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);

  // A page past the last of a list says so and leads back to the first.
  for (const [path, heading] of [['/staff/pages?page=99', 'Pages'], ['/staff/documents?page=99', 'Documents']] as const) {
    await open(page, path, heading);
    await expect(page.getByText('There is nothing on this page.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the first page' }).click();
    await expect(page).toHaveURL(new RegExp(`${path.split('?')[0]}$`));
  }
});
