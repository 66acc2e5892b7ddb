import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../src/server/db/connection.js';
import type { Database } from '../../../src/server/db/types.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createTopic } from '../helpers/factories.js';

/**
 * On PostgreSQL the app's statements go out named, so each connection parses and plans a statement once
 * (`pg_prepared_statements` lists what the connection it is read on has prepared). SQLite keeps its own
 * statement cache; these tests run under `TEST_DATABASE_URL=postgres://...` only.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Prepared {
  statement: string;
  runs: number;
}

/** What the connection `db` runs on has prepared over the protocol, with how many times each ran. */
async function preparedOn(db: Kysely<Database>): Promise<Prepared[]> {
  const { rows } = await sql<{ statement: string; runs: number | string }>`select statement, generic_plans + custom_plans as runs from pg_prepared_statements where not from_sql`.execute(db);
  return rows.map((r) => ({ statement: r.statement, runs: Number(r.runs) }));
}

const tag = (name: string) => ({ name, slug: name.replace(/ /g, '-'), description: '', created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z' });

describe.runIf(onPostgres)('prepared statements on PostgreSQL', () => {
  let t: TestApp;
  const extra: Db[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const db of extra) await db.destroy();
  });
  const another = (url: string, options?: Parameters<typeof createDb>[1]) => {
    const db = createDb(url, options);
    extra.push(db);
    return db;
  };

  it('prepares a query once per connection and runs it again with other values', async () => {
    const ids: number[] = [];
    for (let n = 0; n < 3; n += 1) ids.push((await createArticle(t)).id);
    await t.db.kysely.connection().execute(async (db) => {
      const query = (id: number) => db.selectFrom('articles').select(['id', 'title']).where('id', '=', id);
      for (const id of ids) expect((await query(id).execute()).map((r) => r.id)).toEqual([id]);
      const text = query(0).compile().sql;
      expect((await preparedOn(db)).filter((p) => p.statement === text).map((p) => p.runs)).toEqual([3]);
    });
  });

  it("leaves the plan to PostgreSQL (auto) unless the URL's options say otherwise", async () => {
    const mode = async (db: Kysely<Database>) => (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(db)).rows[0]!.mode;
    expect(await mode(t.db.kysely)).toBe('auto');
    const url = new URL(t.config.databaseUrl);
    url.searchParams.set('options', '-c plan_cache_mode=force_generic_plan');
    expect(await mode(another(url.toString()).kysely)).toBe('force_generic_plan');
  });

  it('prepares the statements behind a public API call', async () => {
    const topic = await createTopic(t);
    await createArticle(t, { topic_ids: [topic.id] });
    for (let n = 0; n < 3; n += 1) expect((await t.api('GET', `/topic/${topic.id}/article`)).statusCode).toBe(200);
    // The pool hands out the connection released last: the one that ran the call's last statement.
    await t.db.kysely.connection().execute(async (db) => {
      const prepared = await preparedOn(db);
      expect(prepared.filter((p) => p.statement.includes('topic_articles')).reduce((sum, p) => sum + p.runs, 0)).toBeGreaterThan(0);
    });
  });

  it('keeps transactions, their rollback and savepoints working', async () => {
    const db = t.db.kysely;
    const before = await db.selectFrom('tags').select('id').execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('tags').values(tag('rolled back')).execute();
        expect(await trx.selectFrom('tags').select('id').where('name', '=', 'rolled back').execute()).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.selectFrom('tags').select('id').execute()).toEqual(before);
    const trx = await db.startTransaction().execute();
    await trx.insertInto('tags').values(tag('kept')).execute();
    const inner = await trx.savepoint('inner').execute();
    await inner.insertInto('tags').values(tag('undone')).execute();
    await inner.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    const kept = await db.selectFrom('tags').select('name').where('name', 'in', ['kept', 'undone']).execute();
    expect(kept).toEqual([{ name: 'kept' }]);
  });

  it('runs several statements in one text without parameters, and DDL, unnamed', async () => {
    await t.db.kysely.connection().execute(async (db) => {
      await sql`create table scratch_multi (a integer)`.execute(db);
      await sql`insert into scratch_multi values (1); insert into scratch_multi values (2)`.execute(db);
      expect((await sql<{ n: string }>`select count(*) as n from scratch_multi`.execute(db)).rows).toEqual([{ n: '2' }]);
      const prepared = (await preparedOn(db)).map((p) => p.statement);
      expect(prepared).toContain('select count(*) as n from scratch_multi');
      expect(prepared.filter((s) => /create table|;/i.test(s))).toEqual([]);
    });
  });

  it('prepares no more distinct texts than the cap, and none with the cap at 0', async () => {
    const capped = another(t.config.databaseUrl, { preparedStatements: 2 });
    await capped.kysely.connection().execute(async (db) => {
      for (const table of ['tags', 'topics', 'categories'] as const) await db.selectFrom(table).select('id').where('id', '>', 0).execute();
      // The third text and this look-up run unnamed.
      expect((await preparedOn(db)).map((p) => p.statement).sort()).toEqual([
        'select "id" from "tags" where "id" > $1',
        'select "id" from "topics" where "id" > $1',
      ]);
    });
    const url = new URL(t.config.databaseUrl);
    url.searchParams.set('prepared_statements', '0');
    const off = another(url.toString());
    await off.kysely.connection().execute(async (db) => {
      await db.selectFrom('tags').select('id').where('id', '>', 0).execute();
      expect(await preparedOn(db)).toEqual([]);
    });
    url.searchParams.set('prepared_statements', 'many');
    expect(() => createDb(url.toString())).toThrow(/prepared_statements/);
  });

  it('answers a prepared read whose table gained a column, and then leaves that session', async () => {
    const pidOf = async (db: Kysely<Database>) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    const read = (db: Kysely<Database>) => sql<Record<string, unknown>>`select * from scratch_wide where a > ${0}`.execute(db);
    let stalePid = 0;
    await t.db.kysely.connection().execute(async (db) => {
      stalePid = await pidOf(db);
      await sql`create table scratch_wide (a integer)`.execute(db);
      await sql`insert into scratch_wide values (1)`.execute(db);
      expect((await read(db)).rows).toEqual([{ a: 1 }]);
      await sql`alter table scratch_wide add column b integer`.execute(db);
      // Inside a transaction the error stands (the transaction is lost either way)...
      await sql`begin`.execute(db);
      await expect(read(db)).rejects.toMatchObject({ code: '0A000' });
      await sql`rollback`.execute(db);
      // ...outside one the read runs again, unnamed.
      expect((await read(db)).rows).toEqual([{ a: 1, b: null }]);
    });
    // That connection was closed on release: the next one is another session, where the read is prepared anew.
    await t.db.kysely.connection().execute(async (db) => {
      expect(await pidOf(db)).not.toBe(stalePid);
      expect((await read(db)).rows).toEqual([{ a: 1, b: null }]);
    });
  });
});
