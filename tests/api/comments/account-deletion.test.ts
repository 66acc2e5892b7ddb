import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createUser, tokenFor } from '../helpers/factories.js';
import { listComments, postComment } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const reader = async (name: string) => {
  const user = await createUser(t, { display_name: name });
  return { user, token: await tokenFor(t, user) };
};
const react = (token: string, comment: number, flag: 'like' | 'dislike') => t.api('POST', '/comments/api/feedback', { token, body: { comment, flag } });
const flag = (token: string, comment: number) => t.api('POST', '/comments/api/flag', { token, body: { comment, flag: 'removal' } });

describe('deleting an account', () => {
  it("removes the account's comments and erases their text, keeps others' replies under them, and takes its reactions back", async () => {
    const article = await createArticle(t);
    const [alice, bob, carol] = [await reader('Alice'), await reader('Bob'), await reader('Carol')];
    const on = { content_type: 'article', object_id: article.id };
    const first = await postComment(t, alice.token, { ...on, comment: 'Alice speaking' });
    const reply = await postComment(t, bob.token, { ...on, comment: 'Bob answers', reply_to: first.id });
    const other = await postComment(t, carol.token, { ...on, comment: 'Carol elsewhere' });
    expect((await react(alice.token, reply.id, 'like')).statusCode).toBe(200);
    expect((await react(carol.token, reply.id, 'dislike')).statusCode).toBe(200);
    expect((await flag(alice.token, other.id)).statusCode).toBe(201);

    expect((await t.api('DELETE', `/user/profile/${alice.user.id}`, { token: alice.token })).statusCode).toBe(204);

    const listed = (await listComments(t, 'article', article.id)).results;
    expect(listed.map((c) => [c.id, c.parent, c.is_removed, c.user?.display_name ?? null, c.comment])).toEqual([
      [first.id, null, true, null, ''],
      [reply.id, first.id, false, 'Bob', '<p>Bob answers</p>'],
      [other.id, null, false, 'Carol', '<p>Carol elsewhere</p>'],
    ]);
    expect(listed[1]).toMatchObject({ likes: 0, dislikes: 1 });
    const stored = await t.db.kysely.selectFrom('comments').select(['id', 'user_id', 'body', 'flag_count']).where('id', 'in', [first.id, other.id]).orderBy('id').execute();
    expect(stored).toEqual([
      { id: first.id, user_id: null, body: '', flag_count: 0 },
      { id: other.id, user_id: carol.user.id, body: 'Carol elsewhere', flag_count: 0 },
    ]);
    expect(await t.db.kysely.selectFrom('comment_feedback').select('user_id').where('user_id', '=', alice.user.id).execute()).toEqual([]);
  });

  it('changes no comment when the account cannot be deleted (it still owns an article)', async () => {
    const author = await reader('Author');
    await createArticle(t, { author: author.user });
    const article = await createArticle(t);
    const mine = await postComment(t, author.token, { content_type: 'article', object_id: article.id, comment: 'Still here' });
    expect((await t.api('DELETE', `/user/profile/${author.user.id}`, { token: author.token })).statusCode).toBe(409);
    const listed = (await listComments(t, 'article', article.id)).results;
    expect(listed.map((c) => [c.id, c.is_removed, c.comment])).toEqual([[mine.id, false, '<p>Still here</p>']]);
  });
});
