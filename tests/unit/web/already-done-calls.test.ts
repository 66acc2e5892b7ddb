import { describe, expect, it } from 'vitest';
import { enrol, markLessonDone } from '../../../src/web/features/courses/api/courses.js';
import { ApiError, createHttpClient } from '../../../src/web/lib/http.js';

/*
 * Once-only writes (decision 114): a 409 to enrolling or marking a lesson done means an earlier request did the
 * work, so the page's calls count it as done; any other refusal stays an error.
 */

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const held = { lesson_id: 5, course_id: 3, done: true, position: 1, client_updated_at: '2026-01-01T09:00:00.000Z', done_at: '2026-01-01T09:00:00.000Z', certificate_code: 'CODE' };

function server(answer: (method: string, path: string) => Response) {
  const calls: string[] = [];
  const http = createHttpClient({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const path = new URL(request.url).pathname;
      calls.push(`${request.method} ${path}`);
      return answer(request.method, path);
    },
    timeoutMs: 1000,
  });
  return { http, calls };
}

describe('calls that count "done already" as done', () => {
  it('marking a lesson done that the server holds done reads its progress back', async () => {
    const { http, calls } = server((method) => (method === 'PUT' ? json(409, { code: 'conflict', message: 'This lesson is done already.' }) : json(200, held)));
    expect(await markLessonDone(http, 5)).toEqual(held);
    expect(calls.at(-1)).toBe('GET /api/v2/lesson/5/progress');
  });

  it('enrolling again resolves; a refusal of another kind is still thrown', async () => {
    const enrolled = server(() => json(409, { code: 'conflict', message: 'You are enrolled in this course already.' }));
    await expect(enrol(enrolled.http, 3)).resolves.toBeUndefined();
    const refused = server(() => json(403, { code: 'forbidden', message: 'This course is for premium members.' }));
    await expect(enrol(refused.http, 3)).rejects.toBeInstanceOf(ApiError);
    const markRefused = server(() => json(403, { code: 'forbidden', message: 'This course is for premium members.' }));
    await expect(markLessonDone(markRefused.http, 5)).rejects.toMatchObject({ status: 403 });
  });
});
