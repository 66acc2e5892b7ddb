import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

/** Fails a test on any console error or React hydration warning in the page. */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const onConsole = (msg: ConsoleMessage) => {
        const text = msg.text();
        if (msg.type() === 'error' || /hydrat|did not match/i.test(text)) problems.push(`${msg.type()}: ${text}`);
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
  category: { id: number; name: string; slug: string } | null;
  tags: { id: number; name: string }[];
}

export async function articles(page: Page, query = ''): Promise<Card[]> {
  const res = await page.request.get(`/api/v2/article/summary?page_size=100${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).results as Card[];
}

/** Waits until the page is hydrated (React attached) so clicks are handled by the router. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((k) => k.startsWith('__reactContainer')));
  });
}

export async function loginAs(page: Page, username: string, password: string) {
  const res = await page.request.post('/api/v2/rest-auth/login/', { data: { username, password } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { access: string; refresh: string; user: { pk: number } };
}
