import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../src/server/db/types.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { countOf, listComments, postComment } from './factories.js';

let t: TestApp;
let alice: UserRow;
let aliceToken: string;
let bobToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  staffToken = await tokenFor(t, await createStaff(t));
});
// New readers for every test: each has a fresh allowance of comments (the rate limit is per account).
beforeEach(async () => {
  alice = await createUser(t, { display_name: 'Alice Reader' });
  aliceToken = await tokenFor(t, alice);
  bobToken = await tokenFor(t, await createUser(t));
});

describe('posting and listing', () => {
  it('lists an article’s comments oldest thread first, each reply under its comment, with author and safe HTML', async () => {
    const article = await createArticle(t);
    const first = await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'First!\n\nSee https://example.com/a.' });
    const second = await postComment(t, bobToken, { content_type: 'article', object_id: article.id, comment: 'Second <script>alert(1)</script>' });
    const reply = await postComment(t, bobToken, { content_type: 'article', object_id: article.id, comment: 'A reply', reply_to: first.id });
    // A reply to a reply joins the same thread (one level).
    const nested = await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'Reply again', reply_to: reply.id });
    expect(nested.parent).toBe(first.id);

    const page = await listComments(t, 'article', article.id);
    expect(page.results.map((c) => c.id)).toEqual([first.id, reply.id, nested.id, second.id]);
    expect(page.count).toBe(4);
    expect(page.results[0]).toMatchObject({
      parent: null,
      user: { id: alice.id, display_name: 'Alice Reader', avatar: null },
      is_removed: false,
      likes: 0,
      dislikes: 0,
      my_feedback: null,
      can_delete: false,
    });
    expect(page.results[0]!.comment).toBe('<p>First!</p><p>See <a href="https://example.com/a" rel="nofollow ugc noopener" target="_blank">https://example.com/a</a>.</p>');
    expect(page.results[3]!.comment).toBe('<p>Second &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(page.results[1]!.parent).toBe(first.id);
    expect(await countOf(t, 'article', article.id)).toBe(4);
  });

  it('pages the list with page and page_size', async () => {
    const article = await createArticle(t);
    for (const n of [1, 2, 3]) await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: `Comment ${n}` });
    const one = await listComments(t, 'article', article.id, undefined, { page: '2', page_size: '2' });
    expect(one.count).toBe(3);
    expect(one.results.map((c) => c.comment)).toEqual(['<p>Comment 3</p>']);
    expect(one.previous).toContain('page=1');
    expect(one.next).toBeNull();
  });

  it('marks the caller’s own comments deletable and keeps answers with a token private', async () => {
    const article = await createArticle(t);
    await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'Mine' });
    const res = await t.api('GET', `/comments/api/article/${article.id}`, { token: aliceToken });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((res.json() as { results: { can_delete: boolean }[] }).results[0]!.can_delete).toBe(true);
    const theirs = await listComments(t, 'article', article.id, bobToken);
    expect(theirs.results[0]!.can_delete).toBe(false);
    const staffView = await listComments(t, 'article', article.id, staffToken);
    expect(staffView.results[0]!.can_delete).toBe(true);
  });

  it('answers 404 for an unknown or unpublished object and 400 for an unknown kind', async () => {
    const draft = await createArticle(t, { status: 'draft' });
    expect((await t.api('GET', `/comments/api/article/${draft.id}`)).statusCode).toBe(404);
    expect((await t.api('GET', '/comments/api/article/2000000000/count')).statusCode).toBe(404);
    expect((await t.api('GET', '/comments/api/lesson/2000000000')).statusCode).toBe(404);
    const res = await t.api('GET', '/comments/api/video/1');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('content_type');
    expect((await t.api('POST', '/comments/api/comment', { token: aliceToken, body: { content_type: 'article', object_id: draft.id, comment: 'Hi' } })).statusCode).toBe(404);
  });

  it('needs a login to comment, preview, give feedback and flag', async () => {
    const article = await createArticle(t);
    expect((await t.api('POST', '/comments/api/comment', { body: { content_type: 'article', object_id: article.id, comment: 'Hi' } })).statusCode).toBe(401);
    expect((await t.api('POST', '/comments/api/preview', { body: { comment: 'Hi' } })).statusCode).toBe(401);
    expect((await t.api('POST', '/comments/api/feedback', { body: { comment: 1, flag: 'like' } })).statusCode).toBe(401);
    expect((await t.api('POST', '/comments/api/flag', { body: { comment: 1, flag: 'removal' } })).statusCode).toBe(401);
  });

  it('names the field of bad input', async () => {
    const article = await createArticle(t);
    const other = await createArticle(t);
    const elsewhere = await postComment(t, aliceToken, { content_type: 'article', object_id: other.id, comment: 'On another article' });
    for (const [body, field] of [
      [{ content_type: 'article', object_id: article.id, comment: '' }, 'comment'],
      [{ content_type: 'article', object_id: article.id, comment: '   \n ' }, 'comment'],
      // Only invisible characters (zero-width spaces and joiners, a word joiner, a byte-order mark) show nothing.
      [{ content_type: 'article', object_id: article.id, comment: '\u200B\u200C \u200D\u2060\uFEFF' }, 'comment'],
      [{ content_type: 'article', object_id: article.id, comment: 'x'.repeat(3001) }, 'comment'],
      [{ content_type: 'article', object_id: article.id }, 'comment'],
      [{ content_type: 'video', object_id: article.id, comment: 'Hi' }, 'content_type'],
      [{ content_type: 'article', object_id: 'one', comment: 'Hi' }, 'object_id'],
      [{ content_type: 'article', object_id: article.id, comment: 'Hi', reply_to: elsewhere.id }, 'reply_to'],
      [{ content_type: 'article', object_id: article.id, comment: 'Hi', reply_to: 2_000_000_000 }, 'reply_to'],
    ] as const) {
      const res = await t.api('POST', '/comments/api/comment', { token: aliceToken, body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().fields, JSON.stringify(body).slice(0, 80)).toHaveProperty(field);
    }
    const longest = await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'x'.repeat(3000) });
    expect(longest.comment).toBe(`<p>${'x'.repeat(3000)}</p>`);
  });

  it('previews the HTML a comment would have', async () => {
    const res = await t.api('POST', '/comments/api/preview', { token: aliceToken, body: { comment: 'Line one\nline <b>two</b>\n\nhttp://x.example/?a=1&b=2' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ comment: '<p>Line one<br>line &lt;b&gt;two&lt;/b&gt;</p><p><a href="http://x.example/?a=1&amp;b=2" rel="nofollow ugc noopener" target="_blank">http://x.example/?a=1&amp;b=2</a></p>' });
    const bad = await t.api('POST', '/comments/api/preview', { token: aliceToken, body: { comment: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('comment');
    // javascript: is never a link.
    const js = await t.api('POST', '/comments/api/preview', { token: aliceToken, body: { comment: 'javascript:alert(1)' } });
    expect(js.json()).toEqual({ comment: '<p>javascript:alert(1)</p>' });
  });

  it('limits how fast one reader comments', async () => {
    const article = await createArticle(t);
    const quick = await tokenFor(t, await createUser(t));
    for (let i = 0; i < 5; i += 1) await postComment(t, quick, { content_type: 'article', object_id: article.id, comment: `Quick ${i}` });
    const res = await t.api('POST', '/comments/api/comment', { token: quick, body: { content_type: 'article', object_id: article.id, comment: 'One too many' } });
    expect(res.statusCode).toBe(429);
    expect(await countOf(t, 'article', article.id)).toBe(5);
  });
});

describe('feedback', () => {
  it('toggles a like, switches to a dislike, one per reader', async () => {
    const article = await createArticle(t);
    const c = await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'Rate me' });
    const give = async (flag: string, token = bobToken) => {
      const res = await t.api('POST', '/comments/api/feedback', { token, body: { comment: c.id, flag } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await give('like')).toEqual({ comment: c.id, likes: 1, dislikes: 0, my_feedback: 'like' });
    expect(await give('like', staffToken)).toMatchObject({ likes: 2, my_feedback: 'like' });
    expect(await give('dislike')).toEqual({ comment: c.id, likes: 1, dislikes: 1, my_feedback: 'dislike' });
    expect(await give('dislike')).toEqual({ comment: c.id, likes: 1, dislikes: 0, my_feedback: null });
    await give('like');
    const listed = await listComments(t, 'article', article.id, bobToken);
    expect(listed.results[0]).toMatchObject({ likes: 2, dislikes: 0, my_feedback: 'like' });
    expect((await listComments(t, 'article', article.id)).results[0]!.my_feedback).toBeNull();
  });

  it('counts every reader who reacts at the same moment (one row and one count each)', async () => {
    const article = await createArticle(t);
    const c = await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'Popular' });
    const tokens = await Promise.all(Array.from({ length: 8 }, async () => tokenFor(t, await createUser(t))));
    const answers = await Promise.all(tokens.map((token, i) => t.api('POST', '/comments/api/feedback', { token, body: { comment: c.id, flag: i % 4 === 0 ? 'dislike' : 'like' } })));
    expect(answers.map((a) => a.statusCode)).toEqual(tokens.map(() => 200));
    expect((await listComments(t, 'article', article.id)).results[0]).toMatchObject({ likes: 6, dislikes: 2 });
  });

  it('names the field of bad feedback', async () => {
    for (const [body, field] of [
      [{ comment: 2_000_000_000, flag: 'like' }, 'comment'],
      [{ flag: 'like' }, 'comment'],
      [{ comment: 1, flag: 'love' }, 'flag'],
    ] as const) {
      const res = await t.api('POST', '/comments/api/feedback', { token: bobToken, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });
});

describe('flags', () => {
  it('takes one flag per reader and hides a comment at three until staff approve it', async () => {
    const article = await createArticle(t);
    const c = await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'Contested' });
    const flaggers = [bobToken, await tokenFor(t, await createUser(t)), await tokenFor(t, await createUser(t))];
    const flag = (token: string) => t.api('POST', '/comments/api/flag', { token, body: { comment: c.id, flag: 'removal' } });
    expect((await flag(flaggers[0]!)).json()).toEqual({ comment: c.id, flagged: true, hidden: false });
    expect((await flag(flaggers[0]!)).statusCode).toBe(409);
    expect((await listComments(t, 'article', article.id, flaggers[0])).results[0]!.my_flag).toBe(true);
    expect((await flag(aliceToken)).statusCode).toBe(400);
    await flag(flaggers[1]!);
    expect(await countOf(t, 'article', article.id)).toBe(1);
    expect((await flag(flaggers[2]!)).json()).toMatchObject({ hidden: true });

    expect(await countOf(t, 'article', article.id)).toBe(0);
    expect((await listComments(t, 'article', article.id)).results).toEqual([]);
    const staffView = await listComments(t, 'article', article.id, staffToken);
    expect(staffView.results[0]).toMatchObject({ id: c.id, hidden: true });
    // A hidden comment takes no reply and no feedback from readers.
    const reply = await t.api('POST', '/comments/api/comment', { token: bobToken, body: { content_type: 'article', object_id: article.id, comment: 'Hi', reply_to: c.id } });
    expect(reply.json().fields).toHaveProperty('reply_to');

    expect((await t.api('POST', `/comments/api/comment/${c.id}/approve`, { token: bobToken })).statusCode).toBe(403);
    expect((await t.api('POST', `/comments/api/comment/${c.id}/approve`, { token: staffToken })).statusCode).toBe(204);
    expect(await countOf(t, 'article', article.id)).toBe(1);
    expect((await flag(flaggers[0]!)).json()).toMatchObject({ hidden: false });
  });

  it('keeps a hidden comment’s place above its replies, without its text, for everyone but staff', async () => {
    const article = await createArticle(t);
    const c = await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'Rude words' });
    const reply = await postComment(t, bobToken, { content_type: 'article', object_id: article.id, comment: 'Please be kind', reply_to: c.id });
    for (let i = 0; i < 3; i += 1) {
      const flagger = await tokenFor(t, await createUser(t));
      expect((await t.api('POST', '/comments/api/flag', { token: flagger, body: { comment: c.id, flag: 'removal' } })).statusCode).toBe(201);
    }
    const guest = await listComments(t, 'article', article.id);
    expect(guest.results.map((x) => x.id)).toEqual([c.id, reply.id]);
    expect(guest.results[0]).toMatchObject({ is_removed: true, hidden: false, user: null, comment: '' });
    expect(JSON.stringify(guest)).not.toContain('Rude words');
    expect(await countOf(t, 'article', article.id)).toBe(1);
    const staffView = await listComments(t, 'article', article.id, staffToken);
    expect(staffView.results[0]).toMatchObject({ is_removed: false, hidden: true, comment: '<p>Rude words</p>' });
  });

  it('names the field of a bad flag', async () => {
    const res = await t.api('POST', '/comments/api/flag', { token: bobToken, body: { comment: 1, flag: 'spam' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('flag');
  });
});

describe("staff's review of flagged comments", () => {
  it('lists flagged comments to staff only, hidden first, then by most flags, with author, text and place', async () => {
    const article = await createArticle(t, { title: 'Disputed essay' });
    const post = (text: string) => postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: text });
    const [once, thrice, twice, unflagged, removed] = [await post('Once'), await post('Thrice'), await post('Twice'), await post('Fine'), await post('Gone')];
    const readers = [bobToken, await tokenFor(t, await createUser(t)), await tokenFor(t, await createUser(t))];
    const flag = (id: number, n: number) => Promise.all(readers.slice(0, n).map((token) => t.api('POST', '/comments/api/flag', { token, body: { comment: id, flag: 'removal' } })));
    await flag(once.id, 1);
    await flag(thrice.id, 3);
    await flag(twice.id, 2);
    await flag(removed.id, 1);
    await t.api('DELETE', `/comments/api/comment/${removed.id}`, { token: aliceToken });

    const res = await t.api('GET', '/comments/api/flagged', { token: staffToken, query: { page_size: '100' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/private/);
    const ours = (res.json().results as { id: number }[]).filter((c) => [once, thrice, twice, unflagged, removed].some((m) => m.id === c.id));
    expect(ours.map((c) => c.id)).toEqual([thrice.id, twice.id, once.id]);
    expect(ours[0]).toMatchObject({
      content_type: 'article',
      object_id: article.id,
      title: 'Disputed essay',
      url: `/article/${article.id}`,
      comment: '<p>Thrice</p>',
      user: { id: alice.id, display_name: 'Alice Reader' },
      flags: 3,
      hidden: true,
    });
    expect(ours[1]).toMatchObject({ flags: 2, hidden: false });

    expect((await t.api('GET', '/comments/api/flagged', { token: bobToken })).statusCode).toBe(403);
    expect((await t.api('GET', '/comments/api/flagged')).statusCode).toBe(401);
    const bad = await t.api('GET', '/comments/api/flagged', { token: staffToken, query: { page_size: '0' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deleting', () => {
  it('lets the author delete; a comment with replies stays as removed, one without disappears', async () => {
    const article = await createArticle(t);
    const parent = await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'Parent' });
    const reply = await postComment(t, bobToken, { content_type: 'article', object_id: article.id, comment: 'Child', reply_to: parent.id });
    const lone = await postComment(t, aliceToken, { content_type: 'article', object_id: article.id, comment: 'Lone' });

    expect((await t.api('DELETE', `/comments/api/comment/${parent.id}`, { token: bobToken })).statusCode).toBe(403);
    expect((await t.api('DELETE', `/comments/api/comment/${parent.id}`)).statusCode).toBe(401);
    expect((await t.api('DELETE', `/comments/api/comment/${parent.id}`, { token: aliceToken })).statusCode).toBe(204);
    expect((await t.api('DELETE', `/comments/api/comment/${parent.id}`, { token: aliceToken })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/comments/api/comment/${lone.id}`, { token: staffToken })).statusCode).toBe(204);

    const page = await listComments(t, 'article', article.id, aliceToken);
    expect(page.results.map((c) => c.id)).toEqual([parent.id, reply.id]);
    expect(page.results[0]).toMatchObject({ is_removed: true, user: null, comment: '', can_delete: false });
    expect(page.results[1]).toMatchObject({ is_removed: false, parent: parent.id });
    expect(await countOf(t, 'article', article.id)).toBe(1);
    // The text of a deleted comment is erased, not only hidden: by its author and by staff alike.
    const kept = await t.db.kysely.selectFrom('comments').select(['id', 'body']).where('id', 'in', [parent.id, lone.id]).orderBy('id').execute();
    expect(kept).toEqual([{ id: parent.id, body: '' }, { id: lone.id, body: '' }]);

    const noFeedback = await t.api('POST', '/comments/api/feedback', { token: bobToken, body: { comment: parent.id, flag: 'like' } });
    expect(noFeedback.statusCode).toBe(400);
    // Once its last reply goes too, the removed comment leaves the thread.
    await t.api('DELETE', `/comments/api/comment/${reply.id}`, { token: bobToken });
    expect((await listComments(t, 'article', article.id)).results).toEqual([]);
  });
});

describe("a user's comments", () => {
  it('lists them newest first with where they are, and 404 for an unknown user', async () => {
    const writer = await createUser(t);
    const token = await tokenFor(t, writer);
    const a1 = await createArticle(t, { title: 'Where the first is' });
    const a2 = await createArticle(t);
    const c1 = await postComment(t, token, { content_type: 'article', object_id: a1.id, comment: 'One' });
    const c2 = await postComment(t, token, { content_type: 'article', object_id: a2.id, comment: 'Two' });
    const gone = await postComment(t, token, { content_type: 'article', object_id: a2.id, comment: 'Gone' });
    await t.api('DELETE', `/comments/api/comment/${gone.id}`, { token });

    const res = await t.api('GET', `/comments/user/${writer.id}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { count: number; results: { id: number; title: string; url: string; comment: string }[] };
    expect(page.count).toBe(2);
    expect(page.results.map((c) => c.id)).toEqual([c2.id, c1.id]);
    expect(page.results[1]).toMatchObject({ content_type: 'article', object_id: a1.id, title: 'Where the first is', url: `/article/${a1.id}`, comment: '<p>One</p>', parent: null });
    expect((await t.api('GET', '/comments/user/2000000000')).statusCode).toBe(404);
  });
});
