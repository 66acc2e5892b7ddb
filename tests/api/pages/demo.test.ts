import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../src/server/db/seed/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty({ ...t.config, demoMode: true }, t.db, { passwords: { editor: 'editor-pass-for-tests', reader: 'reader-pass-for-tests', member: 'member-pass-for-tests' } });
});

const HAN = /\p{Script=Han}/u;

describe('the demo site pages', () => {
  it('are live and in the footer, Terms of use first, in English and Chinese', async () => {
    expect((await t.api('GET', '/page/footer', { query: { lang: 'en' } })).json()).toEqual([
      { slug: 'terms', title: 'Terms of use' },
      { slug: 'privacy', title: 'Privacy' },
    ]);
    expect((await t.api('GET', '/page/footer', { query: { lang: 'zh-CN' } })).json()).toEqual([
      { slug: 'terms', title: '使用条款' },
      { slug: 'privacy', title: '隐私政策' },
    ]);
    for (const slug of ['terms', 'privacy']) {
      const en = (await t.api('GET', `/page/s/${slug}`, { query: { lang: 'en' } })).json();
      const zh = (await t.api('GET', `/page/s/${slug}`, { query: { lang: 'zh-CN' } })).json();
      expect(en.body_html, slug).toMatch(/<h2>[A-Z][a-z]/);
      expect(en.body_html, slug).not.toMatch(HAN);
      expect((en.body_html.match(/<(p|li)>/g) ?? []).length, slug).toBeGreaterThanOrEqual(3);
      expect(zh.body_html, slug).toMatch(HAN);
      // The same sections in both languages.
      expect((zh.body_html.match(/<h2>/g) ?? []).length, slug).toBe((en.body_html.match(/<h2>/g) ?? []).length);
    }
  });
});
