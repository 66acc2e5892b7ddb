import { describe, expect, it } from 'vitest';
import { uniqueViolation } from '../../../src/server/platform/error-handler.js';

describe('unique violations', () => {
  it('names the column on SQLite and PostgreSQL', () => {
    expect(uniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: categories.slug' })).toBe('slug');
    expect(uniqueViolation({ code: '23505', detail: 'Key (name)=(Rust) already exists.' })).toBe('name');
    expect(uniqueViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY', message: 'FOREIGN KEY constraint failed' })).toBeUndefined();
    expect(uniqueViolation(new Error('boom'))).toBeUndefined();
  });
});
