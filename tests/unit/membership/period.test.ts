import { describe, expect, it } from 'vitest';
import { addPeriod, renewalStart } from '../../../src/server/modules/membership/period.js';

const d = (iso: string) => new Date(iso);

describe('addPeriod', () => {
  it('adds days as exact 24-hour spans', () => {
    expect(addPeriod(d('2025-03-01T12:00:00.000Z'), 'day', 30).toISOString()).toBe('2025-03-31T12:00:00.000Z');
  });

  it('adds months keeping the day and time', () => {
    expect(addPeriod(d('2025-01-15T08:30:00.000Z'), 'month', 1).toISOString()).toBe('2025-02-15T08:30:00.000Z');
    expect(addPeriod(d('2025-01-15T08:30:00.000Z'), 'month', 12).toISOString()).toBe('2026-01-15T08:30:00.000Z');
  });

  it("takes the month's last day when it is shorter", () => {
    expect(addPeriod(d('2025-01-31T00:00:00.000Z'), 'month', 1).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addPeriod(d('2024-01-31T00:00:00.000Z'), 'month', 1).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(addPeriod(d('2025-03-31T00:00:00.000Z'), 'month', 1).toISOString()).toBe('2025-04-30T00:00:00.000Z');
    expect(addPeriod(d('2025-10-31T00:00:00.000Z'), 'month', 4).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});

describe('renewalStart', () => {
  const now = d('2025-06-01T00:00:00.000Z');
  it('is the end of a running term', () => {
    expect(renewalStart(now, d('2025-06-10T00:00:00.000Z')).toISOString()).toBe('2025-06-10T00:00:00.000Z');
  });
  it('is now when the term has ended or there is none', () => {
    expect(renewalStart(now, d('2025-05-10T00:00:00.000Z'))).toBe(now);
    expect(renewalStart(now, null)).toBe(now);
  });
});
