import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';
import { person, type Person } from '../courses/factories.js';
import { postComment } from './factories.js';

/**
 * With the monthly meter on, a premium article's comments open with the article: once the reader has spent a
 * read on it this month, not while a read could still be spent (a fresh guest fingerprint always has reads left).
 */
let t: TestApp;
let member: Person;
let reader: Person;
beforeAll(async () => {
  t = await createTestApp({ freeReadsGuest: 2, freeReadsUser: 2 });
  member = await person(t, 'member');
  reader = await person(t);
});

let n = 0;
const guest = () => {
  n += 1;
  return { fingerprint: `comments-guest-${process.pid}-${n}`, ip: `198.51.${n}.20` };
};
type Guest = ReturnType<typeof guest>;

const call = (method: 'GET' | 'POST', url: string, who: { token?: string; guest?: Guest }, body?: object) =>
  t.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: { ...(who.token ? { authorization: `Bearer ${who.token}` } : {}), ...(who.guest ? { 'x-lectern-fingerprint': who.guest.fingerprint } : {}) },
    remoteAddress: who.guest?.ip ?? '203.0.113.30',
    ...(body ? { payload: body } : {}),
  });

async function premiumWithComment() {
  const article = await createArticle(t, { access: 'premium', title: 'Members’ notes' });
  const comment = await postComment(t, member.token, { content_type: 'article', object_id: article.id, comment: 'Quoting the premium text' });
  return { article, comment };
}

describe('comments on a metered premium article', () => {
  it('stay closed to a guest with reads left until the guest opens the article, and spend no read', async () => {
    const { article } = await premiumWithComment();
    const visitor = guest();
    expect((await call('GET', `/comments/api/article/${article.id}`, { guest: visitor })).statusCode).toBe(403);
    expect((await call('GET', `/comments/api/article/${article.id}/count`, { guest: visitor })).statusCode).toBe(403);
    // Looking spent nothing: both reads are still there.
    const status = (await call('GET', `/article/membership_status/${article.id}`, { guest: visitor })).json();
    expect(status).toMatchObject({ reads_left: 2 });

    expect((await call('POST', `/article/${article.id}/unlock`, { guest: visitor })).statusCode).toBe(200);
    const list = await call('GET', `/comments/api/article/${article.id}`, { guest: visitor });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((c: { comment: string }) => c.comment)).toEqual(['<p>Quoting the premium text</p>']);
    // Another guest has not opened it.
    expect((await call('GET', `/comments/api/article/${article.id}`, { guest: guest() })).statusCode).toBe(403);
  });

  it('open to a signed-in reader once they have opened the article, to comment and react', async () => {
    const { article, comment } = await premiumWithComment();
    const who = { token: reader.token };
    expect((await call('POST', '/comments/api/feedback', who, { comment: comment.id, flag: 'like' })).statusCode).toBe(403);
    expect((await call('POST', '/comments/api/comment', who, { content_type: 'article', object_id: article.id, comment: 'Before reading' })).statusCode).toBe(403);

    expect((await call('POST', `/article/${article.id}/unlock`, who)).statusCode).toBe(200);
    expect((await call('POST', '/comments/api/feedback', who, { comment: comment.id, flag: 'like' })).json()).toMatchObject({ likes: 1 });
    expect((await call('POST', '/comments/api/comment', who, { content_type: 'article', object_id: article.id, comment: 'After reading' })).statusCode).toBe(201);
  });

  it("keep a user's comment on it without text in their list for a guest who has not opened it", async () => {
    const { article } = await premiumWithComment();
    const res = await call('GET', `/comments/user/${member.user.id}`, { guest: guest() });
    const entry = (res.json().results as { object_id: number; comment: string | null }[]).find((r) => r.object_id === article.id);
    expect(entry).toMatchObject({ comment: null });
  });
});
