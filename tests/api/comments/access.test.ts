import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';
import { courseWithLessons, person, type Person } from '../courses/factories.js';
import { countOf, listComments, postComment } from './factories.js';

let t: TestApp;
let reader: Person;
let member: Person;
let staff: Person;
beforeAll(async () => {
  // No metered reads: a premium article is for members and staff only.
  t = await createTestApp({ freeReadsGuest: 0, freeReadsUser: 0 });
  reader = await person(t);
  member = await person(t, 'member');
  staff = await person(t, 'staff');
});

describe('comments on premium articles', () => {
  it('are listed, counted and written only by readers who may read the article', async () => {
    const article = await createArticle(t, { access: 'premium' });
    const c = await postComment(t, member.token, { content_type: 'article', object_id: article.id, comment: 'Members only' });

    expect((await t.api('GET', `/comments/api/article/${article.id}`)).statusCode).toBe(403);
    expect((await t.api('GET', `/comments/api/article/${article.id}/count`, { token: reader.token })).statusCode).toBe(403);
    const post = await t.api('POST', '/comments/api/comment', { token: reader.token, body: { content_type: 'article', object_id: article.id, comment: 'Let me in' } });
    expect(post.statusCode).toBe(403);
    const like = await t.api('POST', '/comments/api/feedback', { token: reader.token, body: { comment: c.id, flag: 'like' } });
    expect(like.statusCode).toBe(403);

    expect((await listComments(t, 'article', article.id, member.token)).results.map((x) => x.id)).toEqual([c.id]);
    expect(await countOf(t, 'article', article.id, staff.token)).toBe(1);
  });

  it('are open to everyone on a free read', async () => {
    const article = await createArticle(t, { access: 'premium', free_read: true });
    await postComment(t, reader.token, { content_type: 'article', object_id: article.id, comment: 'Thanks for the free read' });
    expect(await countOf(t, 'article', article.id)).toBe(1);
  });

  it("keep their place in a user's list without text or title for those who may not read the article", async () => {
    const open = await createArticle(t);
    const premium = await createArticle(t, { access: 'premium', title: 'Secret plans' });
    const writer = await person(t, 'member');
    await postComment(t, writer.token, { content_type: 'article', object_id: open.id, comment: 'Open' });
    await postComment(t, writer.token, { content_type: 'article', object_id: premium.id, comment: 'Hidden text' });

    const guest = (await t.api('GET', `/comments/user/${writer.user.id}`)).json() as { results: { comment: string | null; title: string | null; url: string | null }[] };
    expect(guest.results.map((r) => r.comment)).toEqual([null, '<p>Open</p>']);
    expect(guest.results[0]).toMatchObject({ title: 'Secret plans', url: `/article/${premium.id}` });
    const memberView = (await t.api('GET', `/comments/user/${writer.user.id}`, { token: member.token })).json() as { results: { comment: string | null }[] };
    expect(memberView.results.map((r) => r.comment)).toEqual(['<p>Hidden text</p>', '<p>Open</p>']);
  });
});

describe('comments on lessons', () => {
  it('follow the lesson: a free course for all, a premium one for members, a free preview for all', async () => {
    const free = await courseWithLessons(t, staff.token, 'free', 1);
    const premium = await courseWithLessons(t, staff.token, 'premium', 2, true);
    const [preview, locked] = premium.lessons;

    const onFree = await postComment(t, reader.token, { content_type: 'lesson', object_id: free.lessons[0]!.id, comment: 'Great lesson' });
    expect(onFree.user?.id).toBe(reader.user.id);
    expect(await countOf(t, 'lesson', free.lessons[0]!.id)).toBe(1);

    await postComment(t, reader.token, { content_type: 'lesson', object_id: preview!.id, comment: 'Nice preview' });
    expect(await countOf(t, 'lesson', preview!.id)).toBe(1);

    const refused = await t.api('POST', '/comments/api/comment', { token: reader.token, body: { content_type: 'lesson', object_id: locked!.id, comment: 'Hi' } });
    expect(refused.statusCode).toBe(403);
    await postComment(t, member.token, { content_type: 'lesson', object_id: locked!.id, comment: 'Members talk' });
    expect((await t.api('GET', `/comments/api/lesson/${locked!.id}`, { token: reader.token })).statusCode).toBe(403);
    expect((await listComments(t, 'lesson', locked!.id, member.token)).count).toBe(1);

    const list = (await t.api('GET', `/comments/user/${reader.user.id}`)).json() as { results: { url: string }[] };
    expect(list.results.map((r) => r.url)).toContain(`/course/${free.course.id}/lesson/${free.lessons[0]!.id}`);
  });

  it('are 404 on a lesson of an unpublished course', async () => {
    const hidden = await courseWithLessons(t, staff.token, 'free', 1);
    expect((await t.api('PATCH', `/course/${hidden.course.id}`, { token: staff.token, body: { is_published: false } })).statusCode).toBe(200);
    expect((await t.api('GET', `/comments/api/lesson/${hidden.lessons[0]!.id}`, { token: reader.token })).statusCode).toBe(404);
  });
});
