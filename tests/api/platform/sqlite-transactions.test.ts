import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sqliteFile } from '../../../src/server/db/connection.js';
import { createTestApp } from '../helpers/app.js';

/**
 * Several workers write to one SQLite file. A transaction that reads and then writes must not fail because another
 * connection wrote in between (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out): the site's transactions take
 * the write lock when they begin, so the other writer waits its turn instead.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('SQLite transactions under several writers', () => {
  it('a read-then-write transaction commits though another connection tries to write in between', async () => {
    const t = await createTestApp();
    const other = new SQLite(sqliteFile(t.config.databaseUrl));
    other.pragma('busy_timeout = 50');
    let otherWrite: string | null = null;
    await t.db.kysely.transaction().execute(async (trx) => {
      await sql`select count(*) from job_schedule`.execute(trx);
      // Another worker's write while this transaction is open: it must wait (here it gives up after 50 ms).
      try {
        other.prepare("insert into job_schedule (name, next_run_at) values ('other.worker', '2000-01-01T00:00:00.000Z')").run();
        otherWrite = 'written';
      } catch (err) {
        otherWrite = (err as { code?: string }).code ?? 'error';
      }
      await trx.insertInto('job_schedule').values({ name: 'this.worker', next_run_at: new Date().toISOString(), holder: null, claimed_at: null }).execute();
    });
    other.close();
    expect(otherWrite).toBe('SQLITE_BUSY');
    const names = await t.db.kysely.selectFrom('job_schedule').select('name').execute();
    expect(names.map((n) => n.name)).toContain('this.worker');
  });
});
