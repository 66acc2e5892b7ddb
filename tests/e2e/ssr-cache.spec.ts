import { articles, expect, loginAs, test } from './fixtures.js';

test('guest pages come from the cache and change as soon as the content does', async ({ page }) => {
  const article = (await articles(page)).find((a) => a.access === 'free')!;
  const first = await page.request.get(`/article/${article.id}?cache-probe=1`);
  expect(first.headers()['x-ssr-cache']).toBe('miss');
  const second = await page.request.get(`/article/${article.id}?cache-probe=1`);
  expect(second.headers()['x-ssr-cache']).toBe('hit');

  const { access } = await loginAs(page, 'editor', 'lectern-editor');
  const newTitle = `Revised title ${Date.now()}`;
  const patch = await page.request.patch(`/api/v2/article/${article.id}`, {
    data: { title: newTitle },
    headers: { authorization: `Bearer ${access}` },
  });
  expect(patch.ok()).toBe(true);
  const after = await page.request.get(`/article/${article.id}?cache-probe=1`);
  expect(after.headers()['x-ssr-cache']).toBe('miss');
  expect(await after.text()).toContain(newTitle);
  await page.request.patch(`/api/v2/article/${article.id}`, { data: { title: article.title }, headers: { authorization: `Bearer ${access}` } });
});
