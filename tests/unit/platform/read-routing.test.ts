import { describe, expect, it } from 'vitest';
import type { PostgresPool } from 'kysely';
import { CHANGE_GRACE_MS, ReadReplica, runReadScope } from '../../../src/server/db/read-replica.js';
import { FRESH_READS_COOKIE, isPublicRead } from '../../../src/server/platform/read-routing.js';

const request = (method: string, url = '/api/v2/ad/announcement', headers: Record<string, string> = {}, cookies: Record<string, string> = {}) => ({ method, url, headers, cookies });

/** Never connects: these tests compile queries only. */
const noPool = (): Promise<PostgresPool> => Promise.reject(new Error('no database in unit tests'));

function replicaAt(clock: { now: number }) {
  return new ReadReplica(noPool, noPool, () => clock.now);
}

/** Where kysely-replication would send a compiled query: `primary` when marked so, else by its kind. */
const markedPrimary = (query: object) => (query as { __dialect__?: string }).__dialect__ === 'primary';

describe('which request is a public read', () => {
  it('is a guest GET or HEAD', () => {
    expect(isPublicRead(request('GET'))).toBe(true);
    expect(isPublicRead(request('HEAD', '/articles/12'))).toBe(true);
  });

  it('is not a write, a signed-in caller, a client that has just written, nor a token in the address', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(isPublicRead(request(method)), method).toBe(false);
    expect(isPublicRead(request('GET', '/api/v2/ad/announcement', { authorization: 'Bearer x' }))).toBe(false);
    expect(isPublicRead(request('GET', '/', {}, { [FRESH_READS_COOKIE]: '1' }))).toBe(false);
    expect(isPublicRead(request('GET', '/feed/private.xml?token=abc'))).toBe(false);
    expect(isPublicRead(request('GET', '/feed/private.xml?lang=en&token=abc'))).toBe(false);
  });

  it('keeps the language and colour cookies public', () => {
    expect(isPublicRead(request('GET', '/', {}, { lang: 'zh-CN', color_mode: 'dark' }))).toBe(true);
  });
});

describe('where the running code reads', () => {
  it('reads the primary outside any request (jobs, migrations, seeding) and in a request that is not public', () => {
    const replica = replicaAt({ now: 1000 });
    expect(replica.readsReplica).toBe(false);
    runReadScope(false, () => expect(replica.readsReplica).toBe(false));
    runReadScope(true, () => expect(replica.readsReplica).toBe(true));
  });

  it('a request made inside another (a page’s in-process API calls) is public only if the outer one is', () => {
    const replica = replicaAt({ now: 1000 });
    runReadScope(false, () => runReadScope(true, () => expect(replica.readsReplica).toBe(false)));
    runReadScope(true, () => runReadScope(true, () => expect(replica.readsReplica).toBe(true)));
    runReadScope(true, () => runReadScope(false, () => expect(replica.readsReplica).toBe(false)));
  });

  it('stays on the primary for the grace period after a change notice, then returns to the replica', () => {
    const clock = { now: 1000 };
    const replica = replicaAt(clock);
    replica.changed();
    runReadScope(true, () => {
      expect(replica.readsReplica).toBe(false);
      clock.now += CHANGE_GRACE_MS - 1;
      expect(replica.readsReplica).toBe(false);
      clock.now += 1;
      expect(replica.readsReplica).toBe(true);
    });
  });

  it('a public read that writes reads from the primary afterwards', () => {
    const replica = replicaAt({ now: 1000 });
    runReadScope(true, () => {
      expect(markedPrimary(replica.kysely.selectFrom('users').select('id').compile().query)).toBe(false);
      replica.kysely.updateTable('users').set({ display_name: 'x' }).where('id', '=', 1).compile();
      expect(replica.readsReplica).toBe(false);
      expect(markedPrimary(replica.kysely.selectFrom('users').select('id').compile().query)).toBe(true);
    });
  });

  it('the replica’s instance kept beyond its request, or used in the grace period, sends its reads to the primary', () => {
    const clock = { now: 1000 };
    const replica = replicaAt(clock);
    expect(markedPrimary(replica.kysely.selectFrom('users').select('id').compile().query)).toBe(true);
    replica.changed();
    runReadScope(true, () => expect(markedPrimary(replica.kysely.selectFrom('users').select('id').compile().query)).toBe(true));
  });
});
