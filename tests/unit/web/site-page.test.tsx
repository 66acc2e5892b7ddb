import { describe, expect, it } from 'vitest';
import type { FooterPage, PublicPage } from '../../../src/shared/api/pages.js';
import { render } from '../../../src/web/entry-server.js';
import { fakeApi, freeArticle } from './fixtures.js';

const terms: PublicPage = {
  slug: 'terms',
  title: 'Terms of use',
  body_html: '<h2>Accounts</h2><p>Keep your password <strong>safe</strong>.</p>',
  summary: 'Accounts Keep your password safe.',
  first_published_at: '2026-10-01T08:00:00.000Z',
  last_published_at: '2026-10-02T08:00:00.000Z',
  updated_at: '2026-10-03T08:00:00.000Z',
};
const termsZh: PublicPage = { ...terms, title: '使用条款', body_html: '<h2>账户</h2><p>请妥善保管你的<strong>密码</strong>。</p>', summary: '账户 请妥善保管你的密码。' };
const footerEn: FooterPage[] = [{ slug: 'terms', title: 'Terms of use' }, { slug: 'privacy', title: 'Privacy' }];
const footerZh: FooterPage[] = [{ slug: 'terms', title: '使用条款' }, { slug: 'privacy', title: '隐私政策' }];

/** The fake API answers by path; the language is in the query, so one table per language. */
function renderAt(url: string, routes: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en', seen: string[] = []) {
  return render({ url, headers: { accept: 'application/json' }, fetch: fakeApi(routes, seen), lang, colorMode: 'system', publicUrl: 'https://lectern.example', siteName: 'Lectern' });
}

async function html(url: string, routes: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en', seen: string[] = []) {
  const result = await renderAt(url, routes, lang, seen);
  if (result.type !== 'html') throw new Error(`expected a page, got ${result.type}`);
  return result;
}

describe('the site page route (/page/:slug)', () => {
  it('renders a live page with its title, date, sanitised body and head, asked for as a guest in the page\'s language', async () => {
    const seen: string[] = [];
    const result = await html('/page/terms', { '/api/v2/page/s/terms': terms, '/api/v2/page/footer': footerEn }, 'en', seen);
    expect(result.status).toBe(200);
    expect(result.html).toContain('<h1>Terms of use</h1>');
    expect(result.html).toContain('<h2>Accounts</h2><p>Keep your password <strong>safe</strong>.</p>');
    expect(result.html).toContain('Last updated');
    expect(result.html).toContain('<time dateTime="2026-10-03T08:00:00.000Z">Oct 3, 2026</time>');
    expect(result.head).toContain('<title>Terms of use');
    expect(result.head).toContain('<meta name="description" content="Accounts Keep your password safe."');
    expect(result.head).toContain('<link rel="canonical" href="https://lectern.example/page/terms"');
    expect(seen).toContain('/api/v2/page/s/terms?lang=en auth=no');
    expect(seen.every((call) => call.endsWith('auth=no'))).toBe(true);
  });

  it('renders the Chinese version in Chinese, footer links included', async () => {
    const result = await html('/page/terms', { '/api/v2/page/s/terms': termsZh, '/api/v2/page/footer': footerZh }, 'zh-CN');
    expect(result.html).toContain('<h1>使用条款</h1>');
    expect(result.html).toContain('最后更新');
    expect(result.html).toContain('2026年10月3日');
    expect(result.html).toMatch(/<a[^>]*href="\/page\/privacy"[^>]*>隐私政策<\/a>/);
  });

  it('answers a draft or unknown slug (the API\'s 404) with the not-found page', async () => {
    const result = await html('/page/draft', { '/api/v2/page/footer': footerEn });
    expect(result.status).toBe(404);
    expect(result.html).toContain('Page Not Found: /page/draft');
    expect(result.head).toContain('<meta name="robots" content="noindex"');
  });

  it('lists the footer pages on every page, in the order the API gives them, after the fixed links', async () => {
    const result = await html('/article/41', { '/api/v2/article/41': freeArticle, '/api/v2/article/related/41': [], '/api/v2/page/footer': footerEn });
    const footer = /<ul class="site-footer__links">([\s\S]*?)<\/ul>/.exec(result.html)?.[1] ?? '';
    const links = [...footer.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.slice(-2)).toEqual(['/page/terms', '/page/privacy']);
    expect(links).toContain('/community');
    // The answer goes to the browser with the page (the root route's data), so it hydrates with the same links.
    expect(result.boot.router.loaderData.root).toEqual(footerEn);
  });

  it('still renders a page whose footer links cannot be had', async () => {
    const result = await html('/article/41', { '/api/v2/article/41': freeArticle, '/api/v2/article/related/41': [] });
    expect(result.status).toBe(200);
    expect(result.html).toContain(freeArticle.title);
    expect(result.html).not.toContain('href="/page/');
  });
});
