import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { coursesPaths } from '../../../src/shared/api/courses-paths.js';
import { MEMBER_COURSES_LIMIT, memberCoursesQuery } from '../../../src/web/features/content/api/member-courses.js';
import { courseListQuery } from '../../../src/web/features/courses/api/courses.js';
import type { HttpClient } from '../../../src/web/lib/http.js';

/** A client that records each GET's path and query and answers with an empty page. */
function recordingHttp() {
  const get = vi.fn((_path: string, _query?: Record<string, unknown>, _options?: unknown) => Promise.resolve({ count: 0, next: null, previous: null, results: [] }));
  return { http: { get } as unknown as HttpClient, get };
}

describe("the members' course list", () => {
  it("asks for the cards in the reader's language, as a guest", async () => {
    const { http, get } = recordingHttp();
    await new QueryClient().fetchQuery(memberCoursesQuery(http, 'zh-CN'));
    expect(get).toHaveBeenCalledTimes(1);
    const [path, query, options] = get.mock.calls[0];
    expect(path).toBe(coursesPaths.courses);
    expect(query).toEqual({ access: 'premium', page_size: MEMBER_COURSES_LIMIT, lang: 'zh-CN' });
    expect(options).toEqual({ anonymous: true });
  });

  it('keeps one answer per language, under a key the course catalogue never uses', () => {
    const { http } = recordingHttp();
    const english = memberCoursesQuery(http, 'en').queryKey;
    const chinese = memberCoursesQuery(http, 'zh-CN').queryKey;
    expect(english).toEqual(['courses', 'list', { access: 'premium', page_size: MEMBER_COURSES_LIMIT }, 'en']);
    expect(chinese.at(-1)).toBe('zh-CN');
    expect(JSON.stringify(english)).not.toBe(JSON.stringify(chinese));
    expect(JSON.stringify(english)).not.toBe(JSON.stringify(courseListQuery(http, { page: 1, access: 'premium' }, 'en').queryKey));
  });

  it('a client holding the English answer fetches again for a Chinese reader', async () => {
    const { http, get } = recordingHttp();
    const client = new QueryClient();
    await client.fetchQuery(memberCoursesQuery(http, 'en'));
    await client.ensureQueryData(memberCoursesQuery(http, 'zh-CN'));
    expect(get.mock.calls.map((call) => (call[1] as { lang?: string }).lang)).toEqual(['en', 'zh-CN']);
  });
});
