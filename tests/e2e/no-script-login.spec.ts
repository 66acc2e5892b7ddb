import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createAccount, PASSWORD } from './accounts-api.js';
import { answer, expect, succeeded, test } from './fixtures.js';

/*
 * The login form works before (or without) the app's script: a slow phone whose reader submits before the
 * page hydrated, or a browser without JavaScript. The form posts; the server logs in and redirects; the app,
 * once it runs, picks the session up. The password never appears in a URL.
 */

/** A context without JavaScript that records every URL it requests. */
async function noScriptContext(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return { context, urls, page: await context.newPage() };
}

async function submitLogin(page: Page, login: string, password: string) {
  await page.getByLabel('Username or e-mail').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

const handoffCookies = async (context: BrowserContext) => (await context.cookies()).filter((c) => c.name.startsWith('lectern_handoff'));

test('a login posted without script logs in once the app runs', async ({ browser, baseURL }) => {
  // Two browser contexts and four page loads, two of them booting the app: slow on a busy two-core machine, not wrong.
  test.setTimeout(60_000);
  const { context, urls, page } = await noScriptContext(browser, baseURL);
  const { username } = await createAccount(context.request, 'noscript');
  await page.goto('/login?next=%2Faccount');
  await expect(page.locator('form.login-form')).toHaveAttribute('method', 'post');
  await submitLogin(page, username, PASSWORD);
  // The server redirected to the page the login was for.
  await page.waitForURL((url) => url.pathname === '/account');
  const typed = [encodeURIComponent(PASSWORD), PASSWORD.replace(/ /g, '+'), 'password='];
  expect(urls.filter((url) => typed.some((text) => url.includes(text)))).toEqual([]);
  const handed = await handoffCookies(context);
  expect(handed.map((c) => c.name).sort()).toEqual(['lectern_handoff', 'lectern_handoff_token']);
  expect(handed.find((c) => c.name === 'lectern_handoff_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v2/rest-auth/handoff/' });

  // The same browser with script: the app picks the session up and the page that needed login opens.
  const scripted = await browser.newContext({ baseURL, storageState: await context.storageState() });
  const app = await scripted.newPage();
  const profile = /\/api\/v2\/user\/profile\/\d+$/;
  const handedOff = succeeded(answer(app, 'POST', '/api/v2/rest-auth/handoff/'));
  let shown = succeeded(answer(app, 'GET', profile));
  await app.goto('/account');
  await handedOff;
  await shown;
  await expect(app.getByLabel('Username', { exact: true })).toHaveValue(username);
  await expect(app.getByRole('link', { name: `${username} (your account)`, exact: true })).toBeVisible();
  expect(await handoffCookies(scripted)).toEqual([]);
  // Stored like any login: a reload stays logged in without the handoff.
  shown = succeeded(answer(app, 'GET', profile));
  await app.reload();
  await shown;
  await expect(app.getByLabel('Username', { exact: true })).toHaveValue(username);
  await scripted.close();
  await context.close();
});

test('a wrong password posted without script shows the error and keeps the username, never the password', async ({ browser, baseURL }) => {
  const { context, urls, page } = await noScriptContext(browser, baseURL);
  const { username } = await createAccount(context.request, 'noscriptwrong');
  const wrong = 'Wrong-secret-4711';
  await page.goto('/login');
  await submitLogin(page, username, wrong);
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('error'));
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ error: 'invalid_credentials', login: username });
  await expect(page.getByText('The username, e-mail address or password is wrong.')).toBeVisible();
  await expect(page.getByLabel('Username or e-mail')).toHaveValue(username);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(urls.filter((u) => u.includes(wrong))).toEqual([]);
  expect(await handoffCookies(context)).toEqual([]);
  await context.close();
});

test('sign-up without script explains that it needs JavaScript and keeps the username, never the password', async ({ browser, baseURL }) => {
  const { context, urls, page } = await noScriptContext(browser, baseURL);
  await page.goto('/signup');
  await page.getByLabel('E-mail address').fill('someone@mail.lectern.org');
  await page.getByLabel('Username', { exact: true }).fill('someone');
  await page.getByLabel('Password', { exact: true }).fill('Secret-signup-99');
  await page.getByLabel('Repeat the password').fill('Secret-signup-99');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/signup' && url.searchParams.get('error') === 'script_required');
  await expect(page.getByText(/This form needs JavaScript/)).toBeVisible();
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue('someone');
  expect(new URL(page.url()).searchParams.get('email')).toBe('someone@mail.lectern.org');
  expect(urls.filter((u) => u.includes('Secret-signup'))).toEqual([]);
  await context.close();
});
