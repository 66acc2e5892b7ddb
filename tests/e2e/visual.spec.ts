import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { solvedCaptcha } from './accounts-api.js';
import { articles, expect, hydrated, test } from './fixtures.js';

/*
 * How the site looks on a phone: the first screen of the main pages at 390 px, light and dark, against
 * committed references (tests/e2e/visual.spec.ts-snapshots; `--update-snapshots` rewrites them after a
 * deliberate change). And two rules for every page: nothing wider than a 320 px screen, header targets
 * at least 44 px tall.
 */

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };
const PASSWORD = 'Lectern visual check 2024';

/** Pages by name, for the screenshots' file names; the article and category come from the demo content. */
async function mainPages(page: Page): Promise<Record<string, string>> {
  const list = await articles(page);
  const article = list.find((a) => a.access === 'free' && a.category && a.tags.length > 0)!;
  return {
    home: '/',
    article: `/article/${article.id}`,
    category: `/category/${article.category!.id}`,
    search: '/search?q=reading',
    login: '/login',
    'not-found': '/no/such/page',
  };
}

/**
 * Holds still what changes between runs: dates move with the day the demo was seeded, so every <time>
 * shows one fixed date; the update prompt and the caret are hidden, and images must have loaded.
 */
async function settle(page: Page) {
  await hydrated(page);
  await page.evaluate(async () => {
    document.querySelectorAll('time').forEach((el) => {
      el.textContent = 'Jan 1, 2026';
    });
    await Promise.all(
      Array.from(document.images)
        .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
        .map((img) => (img.complete ? img.decode().catch(() => undefined) : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })))),
    );
  });
}

/*
 * Time-based motion is off (reduced motion, no transitions). The site's only animations are tied to the
 * scroll position (the navigation's fading edge, the reading progress bar): they stay on, being as still as
 * the page, so the references show the fade as readers see it.
 */
const FROZEN = '.update-prompt { visibility: hidden !important; } *, *::before, *::after { transition: none !important; caret-color: transparent !important; }';

for (const scheme of ['light', 'dark'] as const) {
  test(`the main pages at 390 px look as designed (${scheme})`, async ({ page, expectedFailures }) => {
    expectedFailures.push(/\/no\/such\/page$/);
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    for (const [name, path] of Object.entries(await mainPages(page))) {
      await page.goto(path);
      await settle(page);
      await page.addStyleTag({ content: FROZEN });
      await expect(page, `${name} in ${scheme}`).toHaveScreenshot(`${name}-${scheme}.png`, {
        animations: 'allow',
        caret: 'hide',
        maxDiffPixelRatio: 0.002,
      });
    }
  });
}

/** The first lesson of a free course, as the catalogue leads to it. */
async function freeLesson(page: Page): Promise<string> {
  await page.goto('/course?access=free');
  const course = await page.locator('.course-grid .card__title a').first().getAttribute('href');
  await page.goto(course!);
  return (await page.locator('.course__outline a[href*="/lesson/"]').first().getAttribute('href'))!;
}

/*
 * The shop, a lesson and the offline library as a guest sees them, and the basket of a new reader with one book
 * in it: the pages of docs/decisions/0102 (pictures two a row, no indicator over the content).
 */
for (const scheme of ['light', 'dark'] as const) {
  test(`the shop, the basket, the offline library and a lesson at 390 px look as designed (${scheme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const shoot = async (name: string, path: string) => {
      await page.goto(path);
      await settle(page);
      await page.addStyleTag({ content: FROZEN });
      await expect(page, `${name} in ${scheme}`).toHaveScreenshot(`${name}-${scheme}.png`, { animations: 'allow', caret: 'hide', maxDiffPixelRatio: 0.002 });
    };
    await shoot('shop', '/shop');
    await shoot('lesson', await freeLesson(page));
    await shoot('offline-library', '/offline');
    // The basket: a new reader's, with one book (the account's initial is the same in every run).
    await logInAsNewUser(page);
    const res = await page.request.get('/api/v2/shop/products?q=indexes');
    const book = ((await res.json()) as { results: { id: number }[] }).results[0];
    await page.goto(`/product/${book.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByText(/^Added to your basket\./)).toBeVisible();
    await shoot('basket', '/cart');
  });
}

/** Elements wider than the viewport, and whether the page scrolls sideways; a sideways scroller's content is its own. */
async function tooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (el: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const insideScroller = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (scrolls(up)) return true;
      return false;
    };
    const found = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().width > width + 0.5 && !insideScroller(el))
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} (${Math.round(el.getBoundingClientRect().width)} px)`);
    if (document.documentElement.scrollWidth > width) found.unshift(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    return found;
  });
}

/** Links, buttons and controls of the header that show and are less than 44 px tall. */
async function smallHeaderTargets(page: Page): Promise<string[]> {
  return page.locator('.site-header').evaluate((header) =>
    Array.from(header.querySelectorAll('a, button, summary, select, input'))
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .filter((el) => el.getBoundingClientRect().height < 44)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim()}" (${Math.round(el.getBoundingClientRect().height)} px)`),
  );
}

/** A new account of this test's own, logged in through the login page; the header then shows its menu. */
async function logInAsNewUser(page: Page): Promise<string> {
  const username = `visual${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await page.request.post('/api/v2/rest-auth/registration/', {
    data: { username, email: `${username}@mail.lectern.org`, password1: PASSWORD, password2: PASSWORD, altcha: await solvedCaptcha(page.request) },
  });
  expect(res.status()).toBe(201);
  await page.goto('/login?next=%2Faccount');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
  return username;
}

test('nothing is wider than a 320 px screen, the account page included', async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/no\/such\/page$/);
  test.setTimeout(90_000);
  await page.setViewportSize(NARROW);
  for (const path of Object.values(await mainPages(page))) {
    await page.goto(path);
    await hydrated(page);
    expect(await tooWide(page), `at 320 px: ${path}`).toEqual([]);
  }
  // A long unbroken query is quoted in the result line, which breaks it rather than widen the page.
  await page.goto(`/search?q=${encodeURIComponent(`https://example.com/${'a'.repeat(150)}`)}`);
  await hydrated(page);
  await expect(page.getByText(/^Nothing matched/)).toBeVisible();
  expect(await tooWide(page), 'at 320 px: a search for a long address').toEqual([]);
  await logInAsNewUser(page);
  // The avatar picker is a whole button (no native "No file chosen" cut off), and a long file name wraps.
  const picker = page.getByRole('button', { name: 'Choose a picture' });
  await expect(picker).toHaveAccessibleDescription(/No picture chosen/);
  const box = (await picker.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(NARROW.width);
  const chooser = page.waitForEvent('filechooser');
  await picker.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: `${'a-very-long-holiday-photo-name-'.repeat(4)}.png`, mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64') });
  await expect(page.getByText(/^Chosen: a-very-long-holiday/)).toBeVisible();
  expect(await tooWide(page), 'at 320 px: /account').toEqual([]);
});

test('every link, button and control in the header is at least 44 px tall', async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/no\/such\/page$/);
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  for (const path of Object.values(await mainPages(page))) {
    await page.goto(path);
    await hydrated(page);
    expect(await smallHeaderTargets(page), `header of ${path}`).toEqual([]);
  }
  // The settings panel's selects, and the account corner of a logged-in reader.
  await page.locator('.settings-menu summary').click();
  await expect(page.getByLabel('Colour mode')).toBeVisible();
  expect(await smallHeaderTargets(page), 'header with the settings open').toEqual([]);
  await logInAsNewUser(page);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(await smallHeaderTargets(page), 'header of a logged-in reader').toEqual([]);
  // With every control there (the basket shows once this device has used the shop), the site's name still
  // shows whole on phones and small tablets: the reader's own name and the words "Log out" give way first.
  await page.evaluate(() => {
    window.localStorage.setItem('lectern.shop', '1');
    window.dispatchEvent(new Event('lectern-shop-used'));
  });
  await expect(page.getByRole('link', { name: /^Basket/ })).toBeVisible();
  for (const width of [390, 420, 480, 560, 640, 1024]) {
    await page.setViewportSize({ width, height: PHONE.height });
    const name = await page.locator('.site-header__name').evaluate((el) => ({ text: el.textContent, shown: el.clientWidth, needed: el.scrollWidth }));
    expect(name.text).toBe('Lectern');
    expect(name.shown, `the site's name at ${width} px`).toBeGreaterThanOrEqual(name.needed);
  }
  await page.setViewportSize(NARROW);
  expect(await smallHeaderTargets(page), 'header of a logged-in reader at 320 px').toEqual([]);
  expect(await tooWide(page), 'header of a logged-in reader at 320 px').toEqual([]);
  // The logo keeps its size and its own room beside the controls (Log out is a sign there, still named).
  const logo = (await page.locator('.site-header__logo').boundingBox())!;
  const brand = (await page.locator('.site-header__brand').boundingBox())!;
  const controls = (await page.locator('.site-header__controls').boundingBox())!;
  expect(logo.width).toBe(32);
  expect(brand.width).toBeGreaterThanOrEqual(logo.width);
  expect(brand.x + brand.width).toBeLessThanOrEqual(controls.x);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

test.describe(() => {
  // axe is injected as an inline script, which the site's Content-Security-Policy refuses.
  test.use({ bypassCSP: true });

  test('the dark palette passes axe too, the settings menu open', async ({ page, expectedFailures }) => {
    expectedFailures.push(/\/no\/such\/page$/);
    test.setTimeout(90_000);
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const path of Object.values(await mainPages(page))) {
      await page.goto(path);
      await hydrated(page);
      await page.locator('.settings-menu summary').click();
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
        const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
        const result = await axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
      });
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), `axe on ${path} in dark mode`).toEqual([]);
    }
  });
});
