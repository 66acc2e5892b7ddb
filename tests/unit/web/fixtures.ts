import type { LoginResponse } from '../../../src/shared/api/auth.js';
import type { ArticleDetail } from '../../../src/shared/api/content.js';
import type { CourseCard } from '../../../src/shared/api/courses.js';

/** A premium article as the API sends it to someone who may not read it: no body. */
export const lockedArticle: ArticleDetail = {
  id: 40,
  title: 'Building test data',
  slug: 'building-test-data',
  summary: 'A short look at test data.',
  cover: '/media/cover.webp',
  author: { id: 3, display_name: 'Maren Holt', avatar: null },
  category: { id: 2, name: 'Testing', slug: 'testing' },
  tags: [{ id: 5, name: 'performance' }],
  topics: [{ id: 1, name: 'The Tested Codebase' }],
  published_at: '2026-10-25T20:09:44.719Z',
  updated_at: '2026-10-25T20:09:44.719Z',
  access: 'premium',
  free_read: false,
  is_hot: false,
  language: 'en',
  reading_time: 4,
  view_count: 10,
  locked: true,
  content_html: null,
  status: 'published',
};

export const freeArticle: ArticleDetail = {
  ...lockedArticle,
  id: 41,
  access: 'free',
  locked: false,
  content_html: '<p>Free body text.</p><pre><code class="hljs language-js"><span class="hljs-keyword">const</span> a = 1;</code></pre>',
};

/** A fetch that answers API paths from a table and 404s everything else, as the server would. */
export function fakeApi(routes: Record<string, unknown>, seen: string[] = []) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    seen.push(`${url.pathname}${url.search} auth=${request.headers.has('authorization') ? 'yes' : 'no'}`);
    const body = routes[url.pathname];
    if (body === undefined) {
      return new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

/** What POST rest-auth/login/ answers, for a user of the given fields. */
export function loginResponseFor(user: Partial<LoginResponse['user']> & { id: number; username: string }, access = 'access-token'): LoginResponse {
  return {
    access,
    refresh: 'refresh-token',
    access_expiration: '2999-01-01T00:00:00.000000Z',
    refresh_expiration: '2999-02-01T00:00:00.000000Z',
    user: {
      pk: user.id,
      email: `${user.username}@example.com`,
      display_name: user.username,
      avatar: null,
      role: 'user',
      is_staff: false,
      ...user,
    },
  };
}

/** A published course card as the course lists answer it; the test gives what it is about. */
export const courseCard = (fields: Partial<CourseCard> & { id: number; title: string }): CourseCard => ({
  slug: `course-${fields.id}`,
  summary: `Summary of ${fields.title}`,
  cover: null,
  level: 'beginner',
  access: 'free',
  language: 'en',
  category: { id: 3, name: 'Testing', slug: 'testing' },
  tags: [{ id: 4, name: 'sql' }],
  author: { id: 1, display_name: 'Editor', avatar: null },
  is_published: true,
  published_at: '2026-11-01T00:00:00.000Z',
  position: 0,
  lesson_count: 3,
  duration: 600,
  updated_at: '2026-11-01T00:00:00.000Z',
  ...fields,
});
