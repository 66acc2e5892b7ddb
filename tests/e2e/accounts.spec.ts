import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PASSWORD, solvedCaptcha, unique } from './accounts-api.js';
import { answer, expect, hydrated, mailboxPath, solveCaptchaWidget, succeeded, test } from './fixtures.js';

/*
 * Accounts in the browser: the real captcha widget, the demo mailbox, the session across tabs and token expiry.
 * Every test makes its own account. All of them come from 127.0.0.1, and three failed logins from one IP make
 * the server demand a captcha for every login: only one test fails a login, on purpose.
 */

const emailOf = (name: string) => `${name}@mail.lectern.org`;

/** A fresh account made through the API (its e-mail address stays unconfirmed). */
async function createAccount(request: APIRequestContext, prefix: string) {
  const username = unique(prefix);
  const email = emailOf(username);
  const res = await request.post('/api/v2/rest-auth/registration/', {
    data: { username, email, password1: PASSWORD, password2: PASSWORD, altcha: await solvedCaptcha(request) },
  });
  expect(res.status()).toBe(201);
  return { username, email };
}

/** The newest row of the demo mailbox sent to `to` whose text matches `pattern`. */
async function mailboxRow(page: Page, to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const html = await (await page.request.get(mailboxPath())).text();
      found = html.split('<tr>').find((row) => row.includes(to) && pattern.test(row)) ?? '';
      return found !== '';
    })
    .toBe(true);
  return found;
}

async function mailedLink(page: Page, to: string, path: string): Promise<string> {
  const row = await mailboxRow(page, to, new RegExp(path));
  const href = new RegExp(`href="(https?://[^"]*${path}[^"]*)"`).exec(row)?.[1];
  if (!href) throw new Error(`no ${path} link for ${to}`);
  return href.replace(/&amp;/g, '&');
}


/** The page's answer to a call of the site's API (`path` after /api/v2), set up before the step that makes it. */
const api = (page: Page, method: string, path: string | RegExp) => answer(page, method, typeof path === 'string' ? `/api/v2${path}` : path);

/** Presses "Log in" and waits for the server's answer (a success unless told otherwise). */
async function pressLogIn(page: Page, { ok = true } = {}) {
  const login = api(page, 'POST', '/rest-auth/login/');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  return ok ? succeeded(login) : login;
}

async function logIn(page: Page, login: string, password: string, path = '/login', { ok = true } = {}) {
  await page.goto(path);
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  return pressLogIn(page, { ok });
}

/** Logs in on `path` (a page that needs login: it opens once the login is in) and waits for the profile. */
async function logInTo(page: Page, login: string, password: string, path: string) {
  const profile = succeeded(api(page, 'GET', /\/api\/v2\/user\/profile\/\d+$/));
  await logIn(page, login, password, path);
  await profile;
}

/** The activity page's three lists (comments, reports, files sent), as the server answers them. */
const activityLists = (page: Page) =>
  Promise.all([/\/api\/v2\/comments\/user\/\d+\?/, /\/api\/v2\/report\?/, /\/api\/v2\/submission\/file\?/].map((url) => succeeded(api(page, 'GET', url))));

const accountLink = (page: Page, name: string) => page.getByRole('link', { name: `${name} (your account)`, exact: true });

test('sign up with the captcha widget, confirm the e-mail from the mailbox, log out and in again', async ({ page }) => {
  // A captcha solved in the page, the mailbox, and six pages one after the other: slow on a busy two-core
  // machine, not wrong (every step below waits for the server's answer it shows).
  test.setTimeout(60_000);
  const username = unique('ada');
  const email = emailOf(username);
  await page.goto('/signup');
  await hydrated(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await solveCaptchaWidget(page);
  const registered = succeeded(api(page, 'POST', '/rest-auth/registration/'));
  await page.getByRole('button', { name: 'Sign up' }).click();
  await registered;

  await expect(page.getByRole('heading', { name: `Welcome, ${username}!` })).toBeVisible();
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible();
  await expect(accountLink(page, username)).toBeVisible();

  const link = await mailedLink(page, email, '/verify_email/');
  const verified = succeeded(api(page, 'POST', '/rest-auth/registration/verify-email/'));
  await page.goto(link);
  await verified;
  await expect(page.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible();
  const profile = succeeded(api(page, 'GET', /\/api\/v2\/user\/profile\/\d+$/));
  await page.getByRole('link', { name: 'Your account' }).first().click();
  await profile;
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();

  const loggedOut = api(page, 'POST', '/rest-auth/logout/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await loggedOut;
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();

  await page.getByLabel('Username or e-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const again = succeeded(api(page, 'GET', /\/api\/v2\/user\/profile\/\d+$/));
  await pressLogIn(page);
  await again;
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
});

test('forms check as the reader types, show the server’s field errors and keep what was typed', async ({ page, expectedFailures }) => {
  // A reload, a captcha solved in the page and two pages: slow on a busy two-core machine, not wrong.
  test.setTimeout(60_000);
  expectedFailures.push(/\/rest-auth\/registration\/$/, /\/rest-auth\/login\/$/);
  const taken = await createAccount(page.request, 'taken');
  await page.goto('/signup');
  await hydrated(page);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('12345');
  await password.blur();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await password.fill('123456789');
  await expect(page.getByText('Use more than digits.')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(taken.username);
  await password.fill(taken.username);
  await expect(page.getByText('Use a password that differs from your username and e-mail address.')).toBeVisible();

  // Kept across a reload, except the password.
  await page.getByLabel('E-mail address').fill(taken.email);
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel('E-mail address')).toHaveValue(taken.email);
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(taken.username);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

  // The server's answer lands next to its field; nothing typed is lost.
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await solveCaptchaWidget(page);
  const refused = api(page, 'POST', '/rest-auth/registration/');
  await page.getByRole('button', { name: 'Sign up' }).click();
  expect((await refused).ok()).toBe(false);
  const username = page.getByLabel('Username', { exact: true });
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toBeFocused();
  const described = await username.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${described?.split(' ')[0]}"]`)).toContainText(/already exists/i);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);

  // The one failed login of this file: the message, and the login kept.
  expect((await logIn(page, taken.username, 'not the password', '/login', { ok: false })).ok()).toBe(false);
  await expect(page.getByRole('alert')).toHaveText('The username, e-mail address or password is wrong.');
  await expect(page.getByLabel('Username or e-mail')).toHaveValue(taken.username);
});

test('a page that needs login sends a guest to the login page and back, and never shows itself first', async ({ page }) => {
  const { username } = await createAccount(page.request, 'gate');
  const shown: string[] = [];
  await page.exposeFunction('reportHeading', (text: string) => shown.push(text));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const h1 = document.querySelector('main h1');
      if (h1?.textContent) (window as unknown as { reportHeading: (t: string) => void }).reportHeading(h1.textContent);
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/user/activity');
  await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Factivity$/);
  expect(shown).not.toContain('Your activity');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const lists = activityLists(page);
  await pressLogIn(page);
  await lists;
  await expect(page).toHaveURL(/\/user\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your activity' })).toBeVisible();
  await expect(page.getByText('You have not commented on anything.')).toBeVisible();
  await expect(page.getByText('You have not reported anything.')).toBeVisible();
  await expect(page.getByText('You have not sent any files.')).toBeVisible();
});

test('logging out in one tab logs out the other', async ({ page, context }) => {
  // Two tabs, each booting the app and loading the profile: slow on a busy two-core machine, not wrong.
  test.setTimeout(60_000);
  const { username } = await createAccount(page.request, 'tabs');
  await logInTo(page, username, PASSWORD, '/login?next=%2Faccount');
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
  const other = await context.newPage();
  // The server renders the account page as a guest's; the browser then fetches the profile.
  const profile = succeeded(answer(other, 'GET', /\/api\/v2\/user\/profile\/\d+$/));
  await other.goto('/account');
  await hydrated(other);
  await profile;
  await expect(accountLink(other, username)).toBeVisible();
  await expect(other.getByLabel('Username', { exact: true })).toHaveValue(username);

  const loggedOut = api(page, 'POST', '/rest-auth/logout/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await loggedOut;
  await expect(other.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await expect(other).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect(accountLink(other, username)).toHaveCount(0);
  await other.close();
});

test('an expired access token is refreshed before the next call', async ({ page }) => {
  // The access token has to expire first: 20 seconds (playwright.config.ts) on top of the test's own steps.
  test.setTimeout(90_000);
  const { username } = await createAccount(page.request, 'ttl');
  const profile = succeeded(api(page, 'GET', /\/api\/v2\/user\/profile\/\d+$/));
  const login = await logIn(page, username, PASSWORD, '/login?next=%2Faccount');
  const first = ((await login.json()) as { access: string }).access;
  await profile;
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);

  // The browser tests' server issues access tokens for 20 seconds: wait until it refuses this one.
  await expect
    .poll(async () => (await page.request.get('/api/v2/rest-auth/user/', { headers: { authorization: `Bearer ${first}` } })).status(), {
      timeout: 40_000,
      intervals: [1_000],
    })
    .toBe(401);
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v2/rest-auth/token/refresh/') && r.status() === 200);
  const reports = page.waitForRequest((r) => /\/api\/v2\/report\?/.test(r.url()));
  await page.getByRole('link', { name: 'Your activity' }).click();
  await refreshed;
  const sent = (await reports).headers().authorization ?? '';
  expect(sent).toMatch(/^Bearer /);
  expect(sent).not.toBe(`Bearer ${first}`);
  expect((await (await reports).response())?.ok()).toBe(true);
  await expect(page.getByText('You have not reported anything.')).toBeVisible();

  const again = succeeded(api(page, 'POST', '/rest-auth/token/refresh/'));
  await page.goto('/refresh');
  await again;
  await expect(page.getByText('Token refreshed')).toBeVisible();
  const verified = succeeded(api(page, 'POST', '/rest-auth/token/verify/'));
  await page.goto('/user/haslogin');
  await verified;
  await expect(page.getByText(`Logged in as ${username}.`)).toBeVisible();
  await expect(page.getByText('Token valid')).toBeVisible();
});

test('log in with a code from the mailbox, then set a first password', async ({ page }) => {
  // Captchas solved in the page, mail or uploads, and several pages: slow on a busy two-core machine, not wrong.
  test.setTimeout(60_000);
  const name = unique('code');
  const email = emailOf(name);
  await page.goto('/login/v1');
  await hydrated(page);
  await page.getByLabel('E-mail address').fill(email);
  await solveCaptchaWidget(page);
  const sent = succeeded(api(page, 'POST', '/ses/send'));
  await page.getByRole('button', { name: 'Send the code' }).click();
  await sent;
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeFocused();

  const code = /your code (\d{6})/.exec(await mailboxRow(page, email, /your code \d{6}/))?.[1] ?? '';
  await page.getByLabel('Code', { exact: true }).fill(code);
  const loggedIn = succeeded(api(page, 'POST', /\/api\/v2\/user-auth\/ses\/[a-z_]+\/$/));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await loggedIn;
  await expect(page).toHaveURL(/\/$/);
  await expect(accountLink(page, name)).toBeVisible();

  // The home page may open an announcement; the account page is one address away.
  const profile = succeeded(api(page, 'GET', /\/api\/v2\/user\/profile\/\d+$/));
  await page.goto('/account');
  await profile;
  await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  const set = succeeded(api(page, 'POST', /\/api\/v2\/user\/profile\/\d+\/set_first_password$/));
  await page.getByRole('button', { name: 'Set the password' }).click();
  await set;
  await expect(page.getByText('Your password is set.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
});

test('reset a forgotten password through the mailed link', async ({ page }) => {
  // Captchas solved in the page, mail or uploads, and several pages: slow on a busy two-core machine, not wrong.
  test.setTimeout(60_000);
  const { username, email } = await createAccount(page.request, 'reset');
  await page.goto('/lostpassword');
  await hydrated(page);
  await page.getByLabel('E-mail address').fill(email);
  await solveCaptchaWidget(page);
  const requested = succeeded(api(page, 'POST', '/rest-auth/password/reset/'));
  await page.getByRole('button', { name: 'Send the link' }).click();
  await requested;
  await expect(page.getByText(`If an account uses ${email}, a link to reset its password is on its way.`, { exact: false })).toBeVisible();

  await page.goto(await mailedLink(page, email, '/reset\\?'));
  await hydrated(page);
  const newPassword = 'A brand new secret 42';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the password').fill(newPassword);
  const confirmed = succeeded(api(page, 'POST', '/rest-auth/password/reset/confirm/'));
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await confirmed;
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in', exact: true }).first()).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await pressLogIn(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountLink(page, username)).toBeVisible();
});

/** A 2x2 PNG: small enough to build here, real enough for the server's image library. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('the account page saves the profile and picture, shows the private feed and deletes the account', async ({ page, expectedFailures }) => {
  // Captchas solved in the page, mail or uploads, and several pages: slow on a busy two-core machine, not wrong.
  test.setTimeout(60_000);
  const { username } = await createAccount(page.request, 'acct');
  await logInTo(page, username, PASSWORD, '/login?next=%2Faccount');
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
  const profile = /\/api\/v2\/user\/profile\/\d+$/;

  await page.getByLabel('Display name').fill(`Ada ${username}`);
  await page.getByLabel('About you').fill('Reads about compilers.');
  const saved = succeeded(api(page, 'PATCH', profile));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved;
  await expect(page.getByText('Saved.')).toBeVisible();
  // The header follows at once.
  await expect(accountLink(page, `Ada ${username}`)).toBeVisible();

  // The picker is a button that opens the file chooser; the chosen file's name shows beside it.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Chosen: me.png')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of the new picture' })).toBeVisible();
  const uploaded = succeeded(api(page, 'POST', /\/api\/v2\/user\/profile\/\d+\/avatar$/));
  await page.getByRole('button', { name: 'Upload' }).click();
  await uploaded;
  await expect(page.getByText('Your new picture is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', /\/uploads\/avatars\/.+\.webp$/);

  const rssToken = /\/api\/v2\/user\/profile\/\d+\/rss_token$/;
  const token = succeeded(api(page, 'GET', rssToken));
  await page.getByRole('button', { name: 'Show my feed address' }).click();
  await token;
  const feed = page.getByLabel('Your feed address');
  await expect(feed).toHaveValue(/\/rss\.xml\?token=.+/);
  const before = await feed.inputValue();
  await page.getByRole('button', { name: 'Make a new address' }).click();
  const renewed = succeeded(api(page, 'PUT', rssToken));
  await page.getByRole('button', { name: 'Yes, make a new address' }).click();
  await renewed;
  await expect(page.getByText('Your feed has a new address.')).toBeVisible();
  await expect(feed).not.toHaveValue(before);

  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Type your username').fill(username);
  // Once the account is gone the server refuses its session: a check of the session still under way when the
  // page logs out (on a busy machine it can come first) is answered 401, as it should be. Only from here on.
  expectedFailures.push(/\/api\/v2\/rest-auth\/user\/$/);
  const deleted = succeeded(api(page, 'DELETE', profile));
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await deleted;
  await expect(page.getByText('Your account is deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  // Gone for good: the username is free again (a failed login would count against this IP instead).
  const again = await page.request.post('/api/v2/rest-auth/registration/', {
    data: { username, email: emailOf(unique('again')), password1: PASSWORD, password2: PASSWORD, altcha: await solvedCaptcha(page.request) },
  });
  expect(again.status()).toBe(201);
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page) {
  // Evaluated through the debugging protocol: the site's CSP refuses inline scripts, as it should.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/*
 * Axe on every account page: eleven pages, each loaded, hydrated and scanned (seconds apiece on a busy machine),
 * so the guest's pages and the logged-in reader's are two tests.
 */
test.describe('the account pages have no serious accessibility violations, logged out and in', () => {
  test('logged out', async ({ page }) => {
    // Seven pages, each loaded, hydrated and scanned by axe.
    test.setTimeout(90_000);
    const guestPages = ['/login', '/login/v1', '/signup', '/signup/v1', '/lostpassword', '/reset?uid=x&token=y', '/user/loginpanel'];
    for (const path of guestPages) {
      await page.goto(path);
      await hydrated(page);
      // The widget is part of the page once it has loaded.
      if (await page.locator('altcha-widget').count()) await expect(page.getByText("I'm not a robot.")).toBeVisible();
      expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
    }
  });

  test('logged in', async ({ page }) => {
    // A login and four pages, each loaded, hydrated and scanned by axe.
    test.setTimeout(90_000);
    const { username } = await createAccount(page.request, 'axe');
    await logInTo(page, username, PASSWORD, '/login?next=%2Faccount');
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
    expect(await seriousViolations(page), 'axe on /account').toEqual([]);
    // Each page asks the server first (its lists, the token check, the refresh): the answers, then axe.
    const calls = {
      '/user/activity': () => activityLists(page),
      '/user/haslogin': () => succeeded(api(page, 'POST', '/rest-auth/token/verify/')),
      '/refresh': () => succeeded(api(page, 'POST', '/rest-auth/token/refresh/')),
    };
    for (const [path, answered] of Object.entries(calls)) {
      const answers = answered();
      await page.goto(path);
      await hydrated(page);
      await answers;
      await expect(page.getByRole('status').filter({ hasText: /Loading|Checking|Refreshing/ })).toHaveCount(0);
      expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
    }
  });
});
