import { describe, expect, it } from 'vitest';
import {
  ftsSubstringExpression,
  ftsWordsExpression,
  hasCjk,
  likeContains,
  planSearch,
  tsQueryExpression,
} from '../../../src/server/modules/content/search/terms.js';

describe('planSearch', () => {
  it('searches text without CJK by its words, lower-cased and deduplicated', () => {
    expect(planSearch('  Hello, WORLD! hello  don\'t ')).toEqual({ mode: 'words', words: ['hello', 'world', 'don', 't'] });
    expect(planSearch('Café crème')).toEqual({ mode: 'words', words: ['café', 'crème'] });
  });

  it('searches a query with Chinese, Japanese or Korean by space-separated substrings', () => {
    expect(planSearch('机器学习 AI')).toEqual({ mode: 'substrings', terms: ['机器学习', 'AI'] });
    expect(planSearch('カタカナ')?.mode).toBe('substrings');
    expect(planSearch('한국어')?.mode).toBe('substrings');
    expect(hasCjk('plain text')).toBe(false);
  });

  it('has nothing to search in punctuation alone, and bounds the number of terms', () => {
    expect(planSearch('%*"()')).toBeNull();
    const many = planSearch(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '));
    expect(many?.mode === 'words' && many.words.length).toBe(12);
  });
});

describe('expressions', () => {
  it('quotes FTS5 terms so no user text is syntax', () => {
    expect(ftsWordsExpression(['and', 'near'])).toBe('"and" "near"*');
    expect(ftsSubstringExpression(['机器"学习', 'OR'])).toBe('"机器""学习" "OR"');
  });

  it('builds a tsquery with the last word as a prefix', () => {
    expect(tsQueryExpression(['quick', 'fox'])).toBe("'quick' & 'fox':*");
  });

  it("escapes LIKE's own characters", () => {
    expect(likeContains('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
