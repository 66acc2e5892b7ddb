import { describe, expect, it } from 'vitest';
import { parseId, parseName, parsePage, requireId } from '../../../src/web/app/route-params.js';

describe('route params', () => {
  it('accepts plain positive ids only', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('2147483647')).toBe(2147483647);
    for (const bad of [undefined, '', '0', '012', '-1', '1.5', '1e3', '0x1f', 'abc', '12abc', '2147483648', '99999999999']) {
      expect(parseId(bad)).toBeNull();
    }
  });

  it('reads ?page=, defaulting to 1 and refusing anything but a positive integer', () => {
    expect(parsePage(new URLSearchParams(''))).toBe(1);
    expect(parsePage(new URLSearchParams('page=3'))).toBe(3);
    expect(parsePage(new URLSearchParams('page=0'))).toBeNull();
    expect(parsePage(new URLSearchParams('page=abc'))).toBeNull();
    expect(parsePage(new URLSearchParams('page='))).toBeNull();
  });

  it('trims names and refuses empty or over-long ones', () => {
    expect(parseName('  Testing ')).toBe('Testing');
    expect(parseName('   ')).toBeNull();
    expect(parseName('x'.repeat(101))).toBeNull();
  });

  it('throws a 404 naming the path for a bad id', () => {
    const request = new Request('http://localhost/article/abc');
    try {
      requireId('abc', request);
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ type: 'DataWithResponseInit', data: '/article/abc', init: { status: 404 } });
    }
  });
});
