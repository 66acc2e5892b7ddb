import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type LecternDb } from '../../../src/web/lib/db.js';
import { createHttpClient } from '../../../src/web/lib/http.js';
import { flushOutbox, pendingCount, queueProgress, queuedDoneLessons } from '../../../src/web/lib/offline/progress-outbox.js';

let counter = 0;
const opened: LecternDb[] = [];
function freshDb(): LecternDb {
  const db = openDb(`outbox-test-${process.pid}-${(counter += 1)}`);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const entry = (lesson: number, user = 7, at = '2026-01-01T10:00:00.000Z') => ({
  user_id: user,
  course_id: 3,
  lesson_id: lesson,
  done: true,
  position: 1,
  client_updated_at: at,
});

interface Sent {
  path: string;
  body: unknown;
}

/** A server that answers each PUT with `answer(lesson)`: a status, or a network failure. */
function server(answer: (lesson: number) => number | 'down') {
  const sent: Sent[] = [];
  const http = createHttpClient({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const lesson = Number(/lesson\/(\d+)\/progress/.exec(request.url)?.[1]);
      const outcome = answer(lesson);
      if (outcome === 'down') throw new TypeError('fetch failed');
      const body = (await request.json()) as { done: boolean; client_updated_at: string };
      sent.push({ path: new URL(request.url).pathname, body });
      const json = outcome === 200 ? { lesson_id: lesson, course_id: 3, done: true, position: 1, client_updated_at: body.client_updated_at, done_at: body.client_updated_at, certificate_code: null } : { error: 'forbidden', detail: 'No.' };
      return new Response(JSON.stringify(json), { status: outcome, headers: { 'content-type': 'application/json' } });
    },
    timeoutMs: 1000,
  });
  return { http, sent };
}

describe('the progress outbox', () => {
  it('sends a user’s queue oldest first with the device’s times, removes what the server answered and hands back its answers', async () => {
    const db = freshDb();
    await queueProgress(db, entry(31, 7, '2026-01-01T10:00:00.000Z'));
    await queueProgress(db, entry(41, 8));
    await queueProgress(db, entry(32, 7, '2026-01-01T10:05:00.000Z'));
    expect([...(await queuedDoneLessons(db, 7))]).toEqual([31, 32]);
    const { http, sent } = server(() => 200);
    const result = await flushOutbox(db, http, 7);
    expect(sent).toEqual([
      { path: '/api/v2/lesson/31/progress', body: { done: true, position: 1, client_updated_at: '2026-01-01T10:00:00.000Z' } },
      { path: '/api/v2/lesson/32/progress', body: { done: true, position: 1, client_updated_at: '2026-01-01T10:05:00.000Z' } },
    ]);
    expect(result.sent.map((p) => p.lesson_id)).toEqual([31, 32]);
    expect(result.left).toBe(0);
    expect(await pendingCount(db, 7)).toBe(0);
    // Another user's queue is not theirs to send.
    expect(await pendingCount(db, 8)).toBe(1);
  });

  it('stops at the first entry the connection fails for and keeps it and the ones after, in order', async () => {
    const db = freshDb();
    for (const lesson of [31, 32, 33]) await queueProgress(db, entry(lesson));
    const { http } = server((lesson) => (lesson === 32 ? 'down' : 200));
    const result = await flushOutbox(db, http, 7);
    expect(result.sent.map((p) => p.lesson_id)).toEqual([31]);
    expect(result.left).toBe(2);
    expect((await db.progressOutbox.orderBy('seq').toArray()).map((row) => row.lesson_id)).toEqual([32, 33]);
  });

  it('drops an entry the server refuses for good (403) and goes on; keeps one it failed on (503)', async () => {
    const db = freshDb();
    for (const lesson of [31, 32, 33]) await queueProgress(db, entry(lesson));
    const { http } = server((lesson) => (lesson === 31 ? 403 : lesson === 33 ? 503 : 200));
    const result = await flushOutbox(db, http, 7);
    expect(result.refused.map((p) => p.lesson_id)).toEqual([31]);
    expect(result.sent.map((p) => p.lesson_id)).toEqual([32]);
    expect((await db.progressOutbox.toArray()).map((row) => row.lesson_id)).toEqual([33]);
  });

  it('counts a "done" the server holds already (409) as sent, with the progress the server reads back', async () => {
    const db = freshDb();
    for (const lesson of [31, 32]) await queueProgress(db, entry(lesson));
    const calls: string[] = [];
    const http = createHttpClient({
      baseUrl: 'http://localhost',
      fetch: async (request) => {
        const lesson = Number(/lesson\/(\d+)\/progress/.exec(request.url)?.[1]);
        calls.push(`${request.method} ${lesson}`);
        if (request.method === 'PUT' && lesson === 31) {
          return new Response(JSON.stringify({ code: 'conflict', message: 'This lesson is done already.' }), { status: 409, headers: { 'content-type': 'application/json' } });
        }
        const held = { lesson_id: lesson, course_id: 3, done: true, position: 1, client_updated_at: '2026-01-01T09:00:00.000Z', done_at: '2026-01-01T09:00:00.000Z', certificate_code: null };
        return new Response(JSON.stringify(held), { status: 200, headers: { 'content-type': 'application/json' } });
      },
      timeoutMs: 1000,
    });
    const result = await flushOutbox(db, http, 7);
    expect(result.refused).toEqual([]);
    expect(result.sent.map((p) => [p.lesson_id, p.done, p.done_at])).toEqual([
      [31, true, '2026-01-01T09:00:00.000Z'],
      [32, true, '2026-01-01T09:00:00.000Z'],
    ]);
    // The PUT of the 409 was retried as the client retries a 409, then read back once.
    expect(calls.filter((c) => c === 'GET 31')).toHaveLength(1);
    expect(await pendingCount(db, 7)).toBe(0);
  });
});
