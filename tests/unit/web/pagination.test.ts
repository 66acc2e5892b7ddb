import { describe, expect, it } from 'vitest';
import { pageHref } from '../../../src/web/ui/pagination.js';

describe('pageHref', () => {
  it('sets ?page= and keeps the other parameters', () => {
    expect(pageHref('/search', 'q=rust+book', 3)).toBe('/search?q=rust+book&page=3');
    expect(pageHref('/category/2', '?page=4', 5)).toBe('/category/2?page=5');
  });

  it('drops ?page= for the first page, so page one has a single URL', () => {
    expect(pageHref('/category/2', '?page=4', 1)).toBe('/category/2');
    expect(pageHref('/search', 'q=x&page=2', 1)).toBe('/search?q=x');
  });
});
