import { articles, demoPassword, expect, loginAs, test } from './fixtures.js';

test('guest pages come from the cache, ignore unknown parameters and change as soon as the content does', async ({ page }) => {
  // The last free article: the screenshot references show the first, and an edit adds an "Updated" line.
  const article = (await articles(page)).filter((a) => a.access === 'free').at(-1)!;
  const { access } = await loginAs(page, 'editor', demoPassword('editor'));
  const rename = (title: string) =>
    page.request.patch(`/api/v2/article/${article.id}`, { data: { title }, headers: { authorization: `Bearer ${access}` } });

  // An edit drops every cached page, so the next request of this article is rendered afresh.
  const newTitle = `Revised title ${Date.now()}`;
  expect((await rename(newTitle)).ok()).toBe(true);
  const first = await page.request.get(`/article/${article.id}`);
  expect(first.headers()['x-ssr-cache']).toBe('miss');
  expect(await first.text()).toContain(newTitle);
  const second = await page.request.get(`/article/${article.id}`);
  expect(second.headers()['x-ssr-cache']).toBe('hit');
  // A parameter no page reads is left out of the key: the same cached page, not a new entry.
  const probe = await page.request.get(`/article/${article.id}?cache-probe=${Date.now()}`);
  expect(probe.headers()['x-ssr-cache']).toBe('hit');

  expect((await rename(article.title)).ok()).toBe(true);
  const after = await page.request.get(`/article/${article.id}`);
  expect(after.headers()['x-ssr-cache']).toBe('miss');
  expect(await after.text()).not.toContain(newTitle);
});
