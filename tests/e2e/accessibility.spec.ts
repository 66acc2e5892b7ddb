import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { articles, expect, hydrated, test } from './fixtures.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

test('content pages have no serious accessibility violations and no console errors', async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/(403|404|500)$/);
  test.setTimeout(120_000);
  const list = await articles(page);
  const article = list.find((a) => a.category && a.tags.length)!;
  const topic = (await (await page.request.get('/api/v2/topic')).json()).results[0].id as number;
  const author = (await (await page.request.get(`/api/v2/article/summary/${article.id}`)).json()).author.id as number;
  const pages = [
    '/',
    '/about',
    '/about/rss',
    `/article/${article.id}`,
    `/author/${author}`,
    `/category/${article.category!.id}`,
    `/category/s/${article.category!.slug}`,
    `/tag/${article.tags[0].id}`,
    '/topic',
    '/search?q=the',
    '/essentials',
    '/commercial_disclosures',
    `/category/n/${encodeURIComponent(article.category!.name)}`,
    `/tag/n/${encodeURIComponent(article.tags[0].name)}`,
    `/topic/${topic}`,
    '/test',
    '/test/api-playground',
    '/403',
    '/404',
    '/500',
  ];
  for (const path of pages) {
    await page.goto(path);
    await hydrated(page);
    // Evaluated through the debugging protocol: the site's CSP refuses inline scripts, as it should.
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
      const result = await axe.run(document, { resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    });
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious, `axe on ${path}`).toEqual([]);
  }
});
