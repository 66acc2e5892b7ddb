import { expect, hydrated, test } from './fixtures.js';

interface Named {
  id: number;
  name: string;
}
interface Card {
  id: number;
  title: string;
  category: Named | null;
  tags: Named[];
}

/**
 * A reader with the Chinese interface (the language cookie) sees the demo's category and tag names in Chinese:
 * in the category page's heading, on its cards, and on an article opened from one, rendered by the server and
 * still so once the browser has taken over.
 */
test('the category page, its cards and an article name the category and tags in Chinese', async ({ page, context, baseURL }) => {
  const category = (await (await page.request.get('/api/v2/category/slug/testing', { params: { lang: 'zh-CN' } })).json()) as Named;
  expect(category.name).toBe('测试');
  const list = (await (await page.request.get(`/api/v2/categories/${category.id}/related_articles`, { params: { lang: 'zh-CN', page_size: 1 } })).json()) as {
    results: Card[];
  };
  const first = list.results[0];
  const english = (await (await page.request.get(`/api/v2/article/summary/${first.id}`, { params: { lang: 'en' } })).json()) as Card;
  // The first card has a tag whose Chinese name differs from its English one.
  const tag = first.tags.find((t) => english.tags.find((e) => e.id === t.id)?.name !== t.name);
  expect(tag, JSON.stringify(first.tags)).toBeDefined();
  const englishTag = english.tags.find((e) => e.id === tag!.id)!.name;

  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL! }]);
  await page.goto(`/category/${category.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('测试');
  const card = page.locator('.card').filter({ has: page.getByRole('link', { name: first.title, exact: true }) });
  await expect(card.locator('.card__tags')).toContainText(`#${tag!.name}`);
  await expect(card.locator('.card__tags')).not.toContainText(`#${englishTag}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('测试');
  await expect(card.locator('.card__tags')).toContainText(`#${tag!.name}`);

  // Opened inside the app: the article's category and tags are Chinese too.
  await card.getByRole('link', { name: first.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page.locator('.article__footer')).toContainText(tag!.name);
  await expect(page.locator('main').getByRole('link', { name: '测试', exact: true }).first()).toBeVisible();
  await expect(page.locator('.article__footer')).not.toContainText(englishTag);
});
