import { describe, expect, it } from 'vitest';
import { buildSnippet, escapeHtml, findMatches, leadSnippet, markedSnippet, needlesOf } from '../../../src/server/modules/content/search/snippet.js';
import { planSearch, type SearchPlan } from '../../../src/server/modules/content/search/terms.js';

const words = (...w: string[]): SearchPlan => ({ mode: 'words', words: w });
const substrings = (...terms: string[]): SearchPlan => ({ mode: 'substrings', terms });
const mark = (text: string, plan: SearchPlan, length?: number) => markedSnippet(text, needlesOf(plan), length);

describe('matching', () => {
  it('finds whole words, the last word also as a prefix', () => {
    expect(findMatches('cat category cat.', needlesOf(words('cat', 'dog')))).toEqual([
      [0, 3],
      [13, 16],
    ]);
    expect(findMatches('cat category', needlesOf(words('cat')))).toEqual([
      [0, 3],
      [4, 7],
    ]);
    expect(findMatches('concatenate', needlesOf(words('cat')))).toEqual([]);
  });

  it('folds case and diacritics and maps back to the original text', () => {
    const text = 'Le CAFÉ de Zoë';
    expect(findMatches(text, needlesOf(words('cafe', 'zoe'))).map(([s, e]) => text.slice(s, e))).toEqual(['CAFÉ', 'Zoë']);
    const decomposed = 'un cafe\u0301 noir';
    expect(mark(decomposed, words('café', 'noir'))).toBe('un <mark>cafe\u0301</mark> <mark>noir</mark>');
  });

  it('finds substrings anywhere for CJK plans and merges overlapping matches', () => {
    expect(mark('深度神经网络的训练', substrings('神经', '经网络'))).toBe('深度<mark>神经网络</mark>的训练');
  });

  it('counts characters outside the BMP correctly', () => {
    expect(mark('😀 ok 𠮷野家 yes', substrings('野家'))).toBe('😀 ok 𠮷<mark>野家</mark> yes');
  });
});

describe('snippets', () => {
  it('escapes everything that is not a mark', () => {
    expect(mark('<b>a</b> & "quotes" \'x\' walrus', words('walrus'))).toBe(
      '&lt;b&gt;a&lt;/b&gt; &amp; &quot;quotes&quot; &#39;x&#39; <mark>walrus</mark>',
    );
    expect(mark('<mark>walrus</mark>', words('mark'))).toBe('&lt;<mark>mark</mark>&gt;walrus&lt;/<mark>mark</mark>&gt;');
    expect(escapeHtml('<>&"\'')).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('cuts a long text around the first match, between words, with ellipses', () => {
    const text = `${'alpha beta gamma delta '.repeat(20)}the needle is here ${'omega '.repeat(60)}`;
    const snippet = mark(text, words('needle'), 100)!;
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('the <mark>needle</mark> is here');
    const inner = snippet.slice(1, -1);
    expect(inner.length).toBeLessThanOrEqual(100 + '<mark></mark>'.length);
    expect(inner.startsWith(' ')).toBe(false);
    expect(text).toContain(inner.replace(/<\/?mark>/g, ''));
    // Cut at word boundaries: the first and last words are whole words of the text.
    expect(['alpha', 'beta', 'gamma', 'delta']).toContain(inner.split(' ')[0]);
    expect(inner.split(' ').pop()).toBe('omega');
  });

  it('shows the end of the text when the match is near it', () => {
    const text = `${'word '.repeat(100)}final needle`;
    const snippet = mark(text, words('needle'), 60)!;
    expect(snippet.endsWith('final <mark>needle</mark>')).toBe(true);
    expect(snippet.startsWith('…')).toBe(true);
  });

  it('returns null when nothing matches and a lead otherwise', () => {
    expect(mark('nothing here', words('walrus'))).toBeNull();
    expect(leadSnippet('short & sweet')).toBe('short &amp; sweet');
    expect(leadSnippet('one two three four five', 12)).toBe('one two…');
  });
});

describe('buildSnippet', () => {
  const source = { title: 'Members corner', summary: 'A teaser for <everyone>.', body: 'The secret xylophonic method.' };

  it('prefers the body, then the summary, then the title', () => {
    expect(buildSnippet(source, words('xylophonic'))).toBe('The secret <mark>xylophonic</mark> method.');
    expect(buildSnippet(source, words('teaser'))).toBe('A <mark>teaser</mark> for &lt;everyone&gt;.');
    expect(buildSnippet(source, words('corner'))).toBe('Members <mark>corner</mark>');
  });

  it('never quotes a body it was not given', () => {
    const locked = { ...source, body: null };
    expect(buildSnippet(locked, words('xylophonic'))).toBe('A teaser for &lt;everyone&gt;.');
    expect(buildSnippet(locked, planSearch('secret method')!)).not.toContain('secret');
  });

  it('falls back to the title when there is no summary', () => {
    expect(buildSnippet({ title: 'T & co', summary: '', body: null }, words('zzz'))).toBe('T &amp; co');
  });
});
