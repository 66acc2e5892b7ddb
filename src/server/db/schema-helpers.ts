import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';

/** Adds an auto-incrementing integer primary key named `id` on either engine. */
export function withId<T extends string>(
  builder: CreateTableBuilder<T, never>,
  engine: 'sqlite' | 'postgres',
): CreateTableBuilder<T, 'id'> {
  return engine === 'postgres'
    ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Adds created_at / updated_at as ISO text. */
export function withTimestamps<T extends string, C extends string>(builder: CreateTableBuilder<T, C>) {
  return builder
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
}

export async function detectEngine(db: Kysely<unknown>): Promise<'sqlite' | 'postgres'> {
  try {
    await sql`select sqlite_version()`.execute(db);
    return 'sqlite';
  } catch {
    return 'postgres';
  }
}
