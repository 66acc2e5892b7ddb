import { uniqueViolation } from '../../platform/error-handler.js';

/** Constraint failures as the two drivers report them (better-sqlite3 codes, PostgreSQL SQLSTATE). */
export const isUniqueViolation = (err: unknown): boolean => uniqueViolation(err) !== undefined;

export const isForeignKeyViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};
