import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type ConsoleMessage, type Page, type Response } from '@playwright/test';
import { serverPort, workerDataDir } from './servers.js';

/**
 * Fails a test on any console error or React hydration warning in the page. A test that causes a
 * resource failure on purpose (a 404 page, going offline) lists the URLs it expects to fail in
 * `expectedFailures`; Chromium reports those as console errors too. One 404 is expected everywhere: the
 * membership check after a login asks `usermembership/user/{id}`, which answers 404 for a user who never had a
 * membership (the API's answer for "none").
 */
export const test = base.extend<{ consoleProblems: string[]; expectedFailures: RegExp[] }>({
  // Each worker talks to its own server (tests/e2e/servers.ts).
  baseURL: async ({}, use, testInfo) => {
    await use(`http://localhost:${serverPort(testInfo.parallelIndex)}`);
  },
  // Each test (and each retry) comes from an address of its own, as separate readers do: per-address rules (a
  // captcha after 3 failed logins, the guest meter's network) see one test at a time, whichever worker runs it.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = createHash('sha256').update(`${testInfo.testId}#${testInfo.retry}#${testInfo.repeatEachIndex}`).digest().readUInt16BE(0);
    await use({ 'x-forwarded-for': `10.${testInfo.parallelIndex + 1}.${n >> 8}.${n & 255}` });
  },
  expectedFailures: async ({}, use) => {
    await use([/\/api\/v2\/usermembership\/user\/\d+$/]);
  },
  consoleProblems: [
    async ({ page, expectedFailures }, use) => {
      const problems: string[] = [];
      const onConsole = (msg: ConsoleMessage) => {
        const text = msg.text();
        const url = msg.location().url ?? '';
        if (text.startsWith('Failed to load resource') && expectedFailures.some((p) => p.test(url))) return;
        if (msg.type() === 'error' || /hydrat|did not match/i.test(text)) problems.push(`${msg.type()}: ${text} (${url})`);
      };
      page.on('console', onConsole);
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      await use(problems);
      expect(problems, 'console errors or hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export interface Card {
  id: number;
  title: string;
  access: 'free' | 'premium';
  free_read: boolean;
  cover: string | null;
  category: { id: number; name: string; slug: string } | null;
  tags: { id: number; name: string }[];
}

export async function articles(page: Page, query = ''): Promise<Card[]> {
  const res = await page.request.get(`/api/v2/article/summary?page_size=100${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).results as Card[];
}

/**
 * The page's answer to a call it is about to make: `method` and the URL's path (a string matches the whole path,
 * a RegExp the whole URL). Set it up before the step that makes the call, await it after: an expectation about
 * what the answer shows then waits for the server however busy the machine is, and only the page's own work has
 * the expect timeout. The promise rejects only with the test's timeout.
 */
export function answer(page: Page, method: string, path: string | RegExp): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === method && (typeof path === 'string' ? new URL(response.url()).pathname === path : path.test(response.url())),
    { timeout: 0 },
  );
}

/** As `answer`, and the answer is a success (2xx). */
export async function succeeded(response: Promise<Response>): Promise<Response> {
  const res = await response;
  expect(res.ok(), `${res.request().method()} ${res.url()} answered ${res.status()}`).toBe(true);
  return res;
}

/**
 * Resolves once React owns the page: its root is mounted and every outermost element of the markup is
 * claimed. Hydration runs in slices (a transition) and claims an element after everything inside it, so a
 * page whose root alone is marked may still be hydrating (and would put back text a test changed). The
 * stylesheet and preload links React hoists are resources, never claimed, and are left out.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root || !Object.keys(root).some((k) => k.startsWith('__reactContainer'))) return false;
    const outer = Array.from(root.children).filter((el) => !['LINK', 'META', 'STYLE', 'SCRIPT', 'TITLE'].includes(el.tagName));
    return outer.length > 0 && outer.every((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));
  });
}

/** Presses the login form's "Log in" and waits for the server's answer to it, which must be a success. */
export async function pressLogIn(page: Page): Promise<Response> {
  const login = succeeded(answer(page, 'POST', '/api/v2/rest-auth/login/'));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  return login;
}

/**
 * Ticks the captcha widget and waits until it has solved its challenge: a proof of work computed in the page,
 * CPU time that a busy machine stretches to many seconds. Nothing else is waited for meanwhile, so the wait
 * is bounded by the test's own timeout only.
 */
export async function solveCaptchaWidget(page: Page) {
  await page.getByText("I'm not a robot.").click();
  await expect(page.locator('altcha-widget .altcha')).toHaveAttribute('data-state', 'verified', { timeout: test.info().timeout });
}

export async function loginAs(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/v2/rest-auth/login/', { data: { username, password } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { access: string; refresh: string; user: { pk: number } };
}

/** The data folder (DATA_DIR, as playwright.config.ts sets it) of this worker's server. */
export const dataDir = workerDataDir;

/** A demo account's password: generated on the first start, kept in DATA_DIR/demo-credentials.txt. */
export function demoPassword(username: 'editor' | 'reader' | 'member'): string {
  const line = readFileSync(path.join(dataDir(), 'demo-credentials.txt'), 'utf8')
    .split('\n')
    .find((l) => !l.startsWith('#') && l.split(/\s+/)[0] === username);
  const password = line?.trim().split(/\s+/)[1];
  if (!password) throw new Error(`no demo password for ${username}`);
  return password;
}

/** The demo mailbox's secret address (the mailbox secret is generated into DATA_DIR/secrets.json). */
export function mailboxPath(): string {
  const { devMailboxSecret } = JSON.parse(readFileSync(path.join(dataDir(), 'secrets.json'), 'utf8')) as { devMailboxSecret: string };
  return `/dev/mailbox/${devMailboxSecret}`;
}

/** Pays on the test payment page and comes back to /pay_success, which reports the order paid. */
export async function payOnDevPage(page: Page) {
  await page.waitForURL(/\/dev\/pay\?token=/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/pay_success\?number=/);
  await hydrated(page);
  await expect(page.getByText(/^Thank you! Order .+ is paid\.$/)).toBeVisible();
}
