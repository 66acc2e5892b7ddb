import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionsMigration } from '../../../src/server/db/migrations/0006-sessions.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const token = (jti: string, userId: number, family: string, createdAt: string, revokedAt: string | null) => ({
  jti,
  user_id: userId,
  family,
  expires_at: '2099-01-01T00:00:00.000Z',
  used_at: null,
  revoked_at: revokedAt,
  successor_jti: null,
  created_at: createdAt,
});

describe('0006-sessions', () => {
  it('turns the refresh families that exist into sessions, ended if any of their tokens was revoked', async () => {
    const db = t.db.kysely;
    const user = await createUser(t);
    await sql`drop table sessions`.execute(db);
    await db
      .insertInto('refresh_tokens')
      .values([
        token('live-1', user.id, 'live', '2024-01-01T00:00:00.000Z', null),
        token('live-2', user.id, 'live', '2024-01-02T00:00:00.000Z', null),
        token('half-1', user.id, 'half', '2024-02-01T00:00:00.000Z', '2024-02-03T00:00:00.000Z'),
        token('half-2', user.id, 'half', '2024-02-02T00:00:00.000Z', null),
        token('dead-1', user.id, 'dead', '2024-03-01T00:00:00.000Z', '2024-03-05T00:00:00.000Z'),
        token('dead-2', user.id, 'dead', '2024-03-02T00:00:00.000Z', '2024-03-06T00:00:00.000Z'),
      ])
      .execute();
    await sessionsMigration.up(db as unknown as Kysely<unknown>, t.db.engine);
    const rows = await sql<{ id: string; user_id: number; created_at: string; revoked_at: string | null }>`
      select id, user_id, created_at, revoked_at from sessions order by id
    `.execute(db);
    expect(rows.rows.map((r) => ({ ...r, user_id: Number(r.user_id) }))).toEqual([
      { id: 'dead', user_id: user.id, created_at: '2024-03-01T00:00:00.000Z', revoked_at: '2024-03-06T00:00:00.000Z' },
      { id: 'half', user_id: user.id, created_at: '2024-02-01T00:00:00.000Z', revoked_at: '2024-02-03T00:00:00.000Z' },
      { id: 'live', user_id: user.id, created_at: '2024-01-01T00:00:00.000Z', revoked_at: null },
    ]);
  });
});
