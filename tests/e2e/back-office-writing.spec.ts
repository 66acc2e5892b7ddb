import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { logIn } from './device-helpers.js';
import { demoPassword, expect, hydrated, test } from './fixtures.js';

/*
 * The back office's writing, as an editor on a 390 px phone does it: an article written partly offline (the tab
 * even closed) and published after reconnecting; one scheduled and seen appearing; a page reverted to an old
 * revision; a course built with three lessons, put in order.
 */

test.use({ viewport: { width: 390, height: 844 } });
// Offline, calls fail: the browser reports each as a console error.
test.use({ expectedFailures: async ({}, use) => use([/\/api\/v2\//]) });

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A 2×2 PNG of a colour of its own (the library keeps one file per content). */
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

const stamp = () => Date.now().toString(36);

async function asEditor(page: Page) {
  await logIn(page, 'editor', demoPassword('editor'));
  await hydrated(page);
}

async function openEditor(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const sync = (page: Page) => page.locator('.writing-sync');
const allSaved = async (page: Page) => expect(sync(page)).toHaveAttribute('data-sync', 'saved', { timeout: 15_000 });
const body = (page: Page) => page.getByLabel('Text (Markdown)', { exact: true });

/** Writes a new item's title (and text), and waits for its first save to give it an address. */
async function startNew(page: Page, kind: string, title: string, text: string, query = '') {
  await openEditor(page, `/staff/write/${kind}/new${query}`);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await body(page).fill(text);
  await expect(page).toHaveURL(new RegExp(`/staff/write/${kind}/\\d+$`), { timeout: 15_000 });
  await allSaved(page);
  return Number(/\/(\d+)$/.exec(page.url())![1]);
}

test('an editor writes an article with a picture, partly offline, and publishes it after reconnecting', async ({ page, context }) => {
  test.setTimeout(120_000);
  await asEditor(page);
  const title = `Field notes ${stamp()}`;
  const id = await startNew(page, 'article', title, 'Written online.');

  // A cover uploaded from the phone, with its progress shown; it lands in the library too.
  // The library's answer is held back a moment, so the progress the upload reported stays on screen to be read.
  await page.route('**/api/v2/images?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.locator('.writing-cover input[type=file]').setInputFiles({ name: `cover-${stamp()}.png`, mimeType: 'image/png', buffer: uniquePng() });
  await expect(page.locator('.writing-progress progress')).toBeVisible();
  await expect(page.getByText(/^Uploading: \d+%$/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cover picture' })).toHaveAttribute('src', /^\/uploads\//);
  await expect(page.locator('.writing-progress')).toHaveCount(0);
  // The preview is the site's own rendering.
  await expect(page.locator('.writing-preview__body')).toContainText('Written online.');
  await allSaved(page);

  await context.setOffline(true);
  await body(page).fill('Written online.\n\nWritten **offline**, on a train.');
  await expect(sync(page)).toHaveAttribute('data-sync', 'offline');
  // Several autosave intervals pass without a connection: the text stays on the device.
  await page.waitForTimeout(10_000);
  await expect(sync(page)).toHaveAttribute('data-sync', 'offline');
  await page.close();

  await context.setOffline(false);
  const again = await context.newPage();
  await openEditor(again, `/staff/write/article/${id}`);
  await expect(body(again)).toHaveValue(/Written \*\*offline\*\*, on a train\./);
  await allSaved(again);
  await again.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(again.getByText('Published.')).toBeVisible();

  await again.goto(`/article/${id}`);
  await expect(again.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(again.locator('.article-body')).toContainText('Written offline, on a train.');
  await expect(again.locator('.article-body strong')).toHaveText('offline');
});

test('an editor schedules an article and sees it appear at its time', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await asEditor(page);
  const title = `Scheduled ${stamp()}`;
  const id = await startNew(page, 'article', title, 'Out at its time.');
  const at = await page.evaluate(() => {
    const when = new Date(Date.now() + 15_000);
    return new Date(when.getTime() - when.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  });
  await page.getByLabel('Publish at').fill(at);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByText('Scheduled.')).toBeVisible();
  await expect(page.locator('.writing-actions .staff-tag')).toHaveText('Scheduled');

  const guest = await browser.newContext({ baseURL: page.url().replace(/\/staff.*$/, '') });
  const reader = await guest.newPage();
  expect((await reader.request.get(`/api/v2/article/${id}`)).status()).toBe(404);
  await expect
    .poll(async () => (await reader.request.get(`/api/v2/article/${id}`)).status(), { timeout: 60_000, intervals: [2000] })
    .toBe(200);
  await reader.goto(`/article/${id}`);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await guest.close();
});

test('an editor reverts a page to an earlier revision and publishes it', async ({ page }) => {
  test.setTimeout(90_000);
  await asEditor(page);
  const slug = `notes-${stamp()}`;
  await openEditor(page, '/staff/write/page/new');
  await page.getByLabel('Title', { exact: true }).fill('House notes');
  await page.getByLabel('Slug', { exact: true }).fill(slug);
  await body(page).fill('The first version.');
  await expect(page).toHaveURL(/\/staff\/write\/page\/\d+$/, { timeout: 15_000 });
  await allSaved(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published.')).toBeVisible();

  await body(page).fill('The second version.');
  await allSaved(page);
  await expect(page.getByText('Saved changes wait for publishing.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish the changes' }).click();
  await expect(page.getByText('Published.')).toBeVisible();
  await page.goto(`/page/${slug}`);
  await expect(page.getByText('The second version.')).toBeVisible();

  await page.goBack();
  await hydrated(page);
  await page.getByRole('link', { name: 'Revisions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Revisions' })).toBeVisible();
  // The two newest side by side: the words that changed are marked.
  await expect(page.locator('.writing-compare ins').first()).toBeVisible();
  const oldest = page.locator('.writing-revisions tbody tr').last();
  await oldest.getByRole('button', { name: /Go back to this revision/ }).click();
  await expect(page.getByText(/Brought back revision \d+/)).toBeVisible();
  await expect(body(page)).toHaveValue('The first version.');
  await page.getByRole('button', { name: 'Publish the changes' }).click();
  await expect(page.getByText('Published.')).toBeVisible();
  await page.goto(`/page/${slug}`);
  await expect(page.getByText('The first version.')).toBeVisible();
});

test('an editor builds a course with three lessons, in order, and publishes it', async ({ page }) => {
  test.setTimeout(120_000);
  await asEditor(page);
  const title = `Course ${stamp()}`;
  const courseId = await startNew(page, 'course', title, 'What the course teaches.');
  for (const [n, chapter] of [[1, 'Basics'], [2, 'Basics'], [3, 'Further']] as const) {
    await page.getByRole('link', { name: 'Add a lesson' }).click();
    await expect(page).toHaveURL(/\/staff\/write\/lesson\/new\?course=\d+$/);
    await hydrated(page);
    await page.getByLabel('Title', { exact: true }).fill(`Lesson ${n}`);
    await page.getByLabel('Chapter', { exact: true }).fill(chapter);
    await body(page).fill(`The text of lesson ${n}.`);
    await expect(page).toHaveURL(/\/staff\/write\/lesson\/\d+$/, { timeout: 15_000 });
    await allSaved(page);
    await page.getByRole('link', { name: 'Back to the course' }).click();
    await expect(page).toHaveURL(new RegExp(`/staff/write/course/${courseId}$`));
  }
  const lessons = page.locator('.writing-lessons__list li');
  await expect(lessons).toHaveCount(3);
  await page.getByRole('button', { name: 'Move “Lesson 2” down' }).click();
  await expect(lessons.nth(1)).toContainText('Lesson 3');
  await expect(lessons.nth(2)).toContainText('Lesson 2');
  await page.getByRole('button', { name: 'Move “Lesson 2” up' }).click();
  await expect(lessons.nth(1)).toContainText('Lesson 2');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published.')).toBeVisible();
  await page.goto(`/course/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  for (const n of [1, 2, 3]) await expect(page.getByText(`Lesson ${n}`, { exact: true })).toBeVisible();
});

test.describe('on a desktop, in Chinese', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the editor speaks Chinese and shows the preview beside the text', async ({ page, context, baseURL }) => {
    test.setTimeout(60_000);
    await asEditor(page);
    await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
    await openEditor(page, '/staff/write/article/new');
    await expect(page.getByRole('heading', { level: 1, name: '写文章' })).toBeVisible();
    await page.getByLabel('标题', { exact: true }).fill(`桌面 ${stamp()}`);
    const text = page.getByLabel('正文（Markdown）', { exact: true });
    await text.fill('## 小标题\n\n一段**中文**。');
    const preview = page.locator('.writing-preview__body');
    await expect(preview.locator('h2')).toHaveText('小标题');
    await expect(preview.locator('strong')).toHaveText('中文');
    const [textBox, previewBox] = [await text.boundingBox(), await preview.boundingBox()];
    expect(previewBox!.x).toBeGreaterThan(textBox!.x + textBox!.width - 1);
    await expect(page).toHaveURL(/\/staff\/write\/article\/\d+$/, { timeout: 15_000 });
    await expect(sync(page)).toHaveText('所有更改已保存。', { timeout: 15_000 });
  });
});
