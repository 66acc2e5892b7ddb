// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadForFailedChunk } from '../../../src/web/lib/chunk-reload.js';

describe('failed chunk reload guard', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('reloads once per 10 second window', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    expect(reloadForFailedChunk()).toBe(true);
    expect(reloadForFailedChunk()).toBe(false);
    vi.setSystemTime(new Date('2026-01-01T00:00:09Z'));
    expect(reloadForFailedChunk()).toBe(false);
    vi.setSystemTime(new Date('2026-01-01T00:00:11Z'));
    expect(reloadForFailedChunk()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
