import { describe, expect, it } from 'vitest';
import { composeArticle, GENERATED_CATEGORIES } from '../../../src/server/db/seed/compose.js';
import { CATEGORIES } from '../../../src/server/db/seed/demo/taxonomy.js';
import { planGenerated, slugify } from '../../../src/server/db/seed/plan.js';
import { createRandom } from '../../../src/server/db/seed/random.js';

describe('composeArticle', () => {
  it('has fragments for every demo category', () => {
    expect([...GENERATED_CATEGORIES].sort()).toEqual(CATEGORIES.map((c) => c.slug).sort());
  });

  it('is deterministic for a seed', () => {
    const a = composeArticle(createRandom('same'), 'en', 'testing');
    const b = composeArticle(createRandom('same'), 'en', 'testing');
    expect(a).toEqual(b);
    expect(composeArticle(createRandom('other'), 'en', 'testing')).not.toEqual(a);
  });

  it('fills every placeholder and builds headings, a list and paragraphs', () => {
    const random = createRandom('placeholders');
    for (const language of ['en', 'zh-CN'] as const) {
      for (const category of GENERATED_CATEGORIES) {
        for (let i = 0; i < 30; i += 1) {
          const article = composeArticle(random, language, category);
          for (const text of [article.title, article.summary, article.body]) expect(text).not.toMatch(/[{}]|undefined/);
          expect(article.body.match(/^## /gm)).toHaveLength(3);
          expect(article.body).toMatch(/^- /m);
          expect(article.body.split('\n\n').length).toBeGreaterThanOrEqual(10);
          if (language === 'en') expect(article.title.charAt(0)).toMatch(/[A-Z]/);
        }
      }
    }
  });

  it('writes English of a short article’s length', () => {
    const article = composeArticle(createRandom('length'), 'en', 'reading');
    const words = article.body.split(/\s+/).length;
    expect(words).toBeGreaterThan(250);
    expect(words).toBeLessThan(600);
  });
});

describe('planGenerated', () => {
  it('spreads articles over languages and the past year, a tenth premium, titles unique when asked', () => {
    const now = Date.parse('2026-06-01T00:00:00.000Z');
    const used = new Set<string>();
    const planned = planGenerated(createRandom('plan'), { count: 300, slugSuffix: (i) => String(i), now, usedTitles: used });
    expect(new Set(planned.map((a) => a.slug)).size).toBe(300);
    expect(new Set(planned.map((a) => a.title)).size).toBe(300);
    const english = planned.filter((a) => a.language === 'en').length;
    expect(english).toBeGreaterThan(120);
    expect(english).toBeLessThan(240);
    const premium = planned.filter((a) => a.access === 'premium').length;
    expect(premium).toBeGreaterThan(10);
    expect(premium).toBeLessThan(60);
    expect(planned.every((a) => !a.free_read || a.access === 'premium')).toBe(true);
    for (const a of planned) {
      const at = Date.parse(a.published_at);
      expect(at).toBeLessThan(now);
      expect(at).toBeGreaterThan(now - 366 * 24 * 3600 * 1000);
      expect(a.tags.length).toBeGreaterThan(0);
    }
  });

  it('makes URL-safe slugs from titles', () => {
    expect(slugify('Small Functions, Honest Names')).toBe('small-functions-honest-names');
    expect(slugify('A reader’s guide to reading source code')).toBe('a-reader-s-guide-to-reading-source-code');
    expect(slugify('重构')).toBe('');
  });
});
