import { describe, expect, it } from 'vitest';
import type { Page } from '../../../src/shared/api/pages.js';
import { pageCreate, pagePatch } from '../../../src/shared/api/pages.js';
import { formFieldOf, formValuesOf, pageBodyOf, sortOrderOf } from '../../../src/web/features/staff/components/page-form-values.js';

const page: Page = {
  id: 7,
  title: 'Terms of use',
  slug: 'terms',
  body_markdown: '# Terms\n\nBe kind.',
  translations: { 'zh-CN': { title: '使用条款', body_markdown: '# 条款' } },
  live: true,
  first_published_at: '2026-01-01T00:00:00.000Z',
  last_published_at: '2026-02-01T00:00:00.000Z',
  updated_at: '2026-02-01T00:00:00.000Z',
  show_in_footer: true,
  sort_order: -3,
  html_url: '/page/terms',
};

describe('the back office page form', () => {
  it('shows a page as its fields, and an empty form for a new page', () => {
    expect(formValuesOf(page)).toEqual({
      title: 'Terms of use',
      slug: 'terms',
      body_markdown: '# Terms\n\nBe kind.',
      show_in_footer: 'true',
      sort_order: '-3',
      zh_title: '使用条款',
      zh_body_markdown: '# 条款',
    });
    expect(formValuesOf(undefined)).toEqual({ title: '', slug: '', body_markdown: '', show_in_footer: 'false', sort_order: '0', zh_title: '', zh_body_markdown: '' });
  });

  it('sends what it showed unchanged, a body both POST and PATCH accept', () => {
    const body = pageBodyOf(formValuesOf(page));
    expect(body).toEqual({
      title: 'Terms of use',
      slug: 'terms',
      body_markdown: '# Terms\n\nBe kind.',
      show_in_footer: true,
      sort_order: -3,
      translations: { 'zh-CN': { title: '使用条款', body_markdown: '# 条款' } },
    });
    expect(pageCreate.safeParse(body).success).toBe(true);
    expect(pagePatch.safeParse(body).success).toBe(true);
  });

  it('trims the title and slug, and leaves out Chinese texts left empty (readers then get the English ones)', () => {
    const values = { ...formValuesOf(page), title: '  Privacy ', slug: ' privacy ', zh_title: '  ', zh_body_markdown: '正文' };
    expect(pageBodyOf(values)).toMatchObject({ title: 'Privacy', slug: 'privacy', translations: { 'zh-CN': { body_markdown: '正文' } } });
    expect(pageBodyOf({ ...values, zh_body_markdown: '' }).translations).toEqual({});
    expect(pageBodyOf({ ...values, show_in_footer: 'false' }).show_in_footer).toBe(false);
  });

  it('takes a whole number as the order (empty is 0) and nothing else', () => {
    expect(sortOrderOf('')).toBe(0);
    expect(sortOrderOf(' 12 ')).toBe(12);
    expect(sortOrderOf('-4')).toBe(-4);
    for (const bad of ['1.5', 'x', '1e3', '--1']) expect(sortOrderOf(bad), bad).toBeUndefined();
  });

  it('puts the server’s messages on the Chinese texts beside those fields', () => {
    expect(formFieldOf('translations.zh-CN.title')).toBe('zh_title');
    expect(formFieldOf('translations.zh-CN.body_markdown')).toBe('zh_body_markdown');
    expect(formFieldOf('slug')).toBe('slug');
  });
});
