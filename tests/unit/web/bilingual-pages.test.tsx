import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/shared/i18n/index.js';
import { render } from '../../../src/web/entry-server.js';
import { lockedArticle } from './fixtures.js';

const { content_html: _body, locked: _locked, status: _status, ...card } = lockedArticle;
const list = { count: 1, next: null, previous: null, results: [card] };

/** Each editorial text in both languages; the fake API answers the one its `lang` parameter names. */
const texts = {
  intro: { en: ['Writing about software craft', 'A small independent publisher.'], 'zh-CN': ['关于软件手艺的写作', '一家小型独立出版方。'] },
  announcement: { en: ['New series: Reading Deliberately', 'Three-pass reading.'], 'zh-CN': ['新系列：有意识地阅读', '三遍阅读法。'] },
  category: { en: 'Tests that earn their keep.', 'zh-CN': '值得维护的测试。' },
  author: { en: 'Writes TypeScript by day.', 'zh-CN': '白天写 TypeScript。' },
  note: { en: ['Become a member', 'Members read everything.'], 'zh-CN': ['成为会员', '会员可以阅读所有文章。'] },
};

function bilingualApi(seen: string[]) {
  const answer = (path: string, lang: Language): unknown => {
    switch (path) {
      case '/api/v2/slot/text':
        return [
          { id: 1, key: 'home_intro', title: texts.intro[lang][0], text: texts.intro[lang][1] },
          { id: 2, key: 'membership_pitch', title: texts.note[lang][0], text: texts.note[lang][1] },
        ];
      case '/api/v2/ad/announcement':
        return [{ id: 1, title: texts.announcement[lang][0], content: texts.announcement[lang][1], link: '', is_modal: false, starts_at: null, ends_at: null }];
      case '/api/v2/category/2':
        return { id: 2, name: 'Testing', slug: 'testing', description: texts.category[lang], sort_order: 0, article_count: 1 };
      case '/api/v2/author/3':
        return { id: 3, display_name: 'Lin', username: 'lin', avatar: null, description: texts.author[lang], article_count: 1 };
      case '/api/v2/banner':
      case '/api/v2/article/hot/0':
      case '/api/v2/article/hot/banner/0':
        return [];
      case '/api/v2/shortcuts/type/preview':
        return [];
      case '/api/v2/article/summary':
      case '/api/v2/article/author/3':
        return list;
      default:
        return undefined;
    }
  };
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    seen.push(url.pathname + url.search);
    const lang = url.searchParams.get('lang') === 'zh-CN' ? 'zh-CN' : 'en';
    const body = answer(url.pathname, lang);
    if (body === undefined) return new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

async function renderPage(url: string, lang: Language) {
  const seen: string[] = [];
  const result = await render({
    url,
    headers: { accept: 'application/json' },
    fetch: bilingualApi(seen),
    lang,
    colorMode: 'system',
    publicUrl: 'https://lectern.example',
    siteName: 'Lectern',
  });
  if (result.type !== 'html') throw new Error(`expected a page, got ${result.type}`);
  expect(result.status).toBe(200);
  return { html: result.html, head: result.head, seen, keys: (result.boot.state as DehydratedState).queries.map((q) => JSON.stringify(q.queryKey)) };
}

describe('editorial content in the interface language', () => {
  it('renders the home intro and announcement in Chinese for the Chinese interface, and keeps them for hydration under the language', async () => {
    const page = await renderPage('/', 'zh-CN');
    expect(page.html).toContain(texts.intro['zh-CN'][0]);
    expect(page.html).toContain(texts.intro['zh-CN'][1]);
    expect(page.html).toContain(texts.announcement['zh-CN'][0]);
    expect(page.html).not.toContain(texts.intro.en[0]);
    expect(page.seen).toContain('/api/v2/slot/text?key=home_intro&lang=zh-CN');
    expect(page.seen).toContain('/api/v2/ad/announcement?lang=zh-CN');
    expect(page.seen).toContain('/api/v2/banner?lang=zh-CN');
    // The browser looks its data up under the same keys, with the language it was given by the page.
    expect(page.keys).toContain(JSON.stringify(['slot-texts', 'zh-CN', 'home_intro']));
    expect(page.keys).toContain(JSON.stringify(['announcements', 'zh-CN']));
  });

  it('renders the English versions for the English interface', async () => {
    const page = await renderPage('/', 'en');
    expect(page.html).toContain(texts.intro.en[0]);
    expect(page.html).toContain(texts.announcement.en[1]);
    expect(page.html).not.toContain(texts.announcement['zh-CN'][0]);
    expect(page.seen).toContain('/api/v2/slot/text?key=home_intro&lang=en');
  });

  it("shows a category's and an author's description in the interface language, in the page and its meta description", async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const category = await renderPage('/category/2', lang);
      expect(category.html).toContain(`<p class="page-header__description">${texts.category[lang]}</p>`);
      expect(category.head).toContain(`<meta name="description" content="${texts.category[lang]}"`);
      expect(category.seen).toContain(`/api/v2/category/2?lang=${lang}`);
      const author = await renderPage('/author/3', lang);
      expect(author.html).toContain(`<p class="page-header__description">${texts.author[lang]}</p>`);
      expect(author.keys).toContain(JSON.stringify(['authors', 'id', 3, lang]));
    }
  });

  it("shows the editors' notes of the essentials page in the interface language", async () => {
    const chinese = await renderPage('/essentials', 'zh-CN');
    expect(chinese.html).toContain(texts.note['zh-CN'][0]);
    expect(chinese.html).toContain(texts.note['zh-CN'][1]);
    expect(chinese.html).not.toContain(texts.note.en[0]);
    const english = await renderPage('/essentials', 'en');
    expect(english.html).toContain(texts.note.en[1]);
  });
});
