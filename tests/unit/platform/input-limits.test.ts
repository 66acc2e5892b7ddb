import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds } from '../../../src/server/platform/input-limits.js';
import { findNul } from '../../../src/server/platform/nul-guard.js';

describe('jsonDepthExceeds', () => {
  it('measures array and object nesting', () => {
    expect(jsonDepthExceeds('[[[1]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[1]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":{"b":[]},"c":{"d":[]}}', 3)).toBe(false);
  });

  it('ignores brackets in strings, escaped quotes included', () => {
    expect(jsonDepthExceeds('["[[[[[[", "\\"[[[[[["]', 2)).toBe(false);
    expect(jsonDepthExceeds('"\\\\"[[[', 2)).toBe(true);
  });
});

describe('findNul', () => {
  it('names the first string with a NUL in document order', () => {
    expect(findNul({ a: 'ok', b: ['x', { c: 'bad\u0000' }], d: '\u0000' })).toBe('b.1.c');
    expect(findNul('\u0000')).toBe('body');
    expect(findNul({ a: [1, null, true, 'fine'] })).toBeUndefined();
  });

  it('leaves the bytes of an upload alone, at once', () => {
    const started = performance.now();
    expect(findNul(Buffer.alloc(20 * 1024 * 1024))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let value: unknown = 'deep\u0000';
    for (let i = 0; i < 200_000; i += 1) value = [value];
    expect(findNul(value)).toBe(Array(200_000).fill('0').join('.'));
  });
});
