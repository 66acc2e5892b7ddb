import { beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSIONS } from '../../../src/server/modules/content/submissions/service.js';
import type { FlaggedComment } from '../../../src/shared/api/comments.js';
import type { Submission } from '../../../src/shared/api/content-readers.js';
import { backofficePaths } from '../../../src/shared/api/backoffice-paths.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';
import { postComment } from '../comments/factories.js';
import { ok } from '../orders/factories.js';
import { crew, refusedField, type Crew } from './helpers.js';

let t: TestApp;
let people: Crew;
let articleId: number;

beforeAll(async () => {
  t = await createTestApp();
  people = await crew(t);
  articleId = (await createArticle(t)).id;
});

const at = (p: string, id: number) => p.replace(':id', String(id));
interface Page<T> {
  count: number;
  results: T[];
}
const queue = async () => ok<Page<FlaggedComment>>(await t.api('GET', '/comments/api/flagged', { token: people.staff.token, query: { page_size: '100' } }));
const shownTo = async (token: string) => ok<Page<{ id: number }>>(await t.api('GET', `/comments/api/article/${articleId}`, { token })).results.map((c) => c.id);

describe('comment moderation', () => {
  it('hides a comment at once, keeps it in the queue, and approving shows it again', async () => {
    const c = await postComment(t, people.reader.token, { content_type: 'article', object_id: articleId, comment: 'Buy cheap watches' });
    expect((await t.api('POST', at(backofficePaths.commentHide, c.id), { token: people.staff.token })).statusCode).toBe(204);
    expect(await shownTo(people.reader.token)).not.toContain(c.id);
    expect((await queue()).results.find((q) => q.id === c.id)).toMatchObject({ hidden: true, flags: 0 });
    expect((await t.api('POST', at(backofficePaths.commentHide, c.id), { token: people.staff.token })).statusCode).toBe(409);
    expect((await t.api('POST', `/comments/api/comment/${c.id}/approve`, { token: people.staff.token })).statusCode).toBeLessThan(300);
    expect(await shownTo(people.reader.token)).toContain(c.id);
    expect((await queue()).results.some((q) => q.id === c.id)).toBe(false);
  });

  it('deletes a comment from the queue', async () => {
    const c = await postComment(t, people.reader.token, { content_type: 'article', object_id: articleId, comment: 'Rude words' });
    ok(await t.api('POST', '/comments/api/flag', { token: people.staff.token, body: { comment: c.id, flag: 'removal' } }), 201);
    expect((await queue()).results.some((q) => q.id === c.id)).toBe(true);
    expect((await t.api('DELETE', `/comments/api/comment/${c.id}`, { token: people.staff.token })).statusCode).toBeLessThan(300);
    expect((await queue()).results.some((q) => q.id === c.id)).toBe(false);
    expect((await t.api('POST', at(backofficePaths.commentHide, c.id), { token: people.staff.token })).statusCode).toBe(404);
  });
});

describe('reports', () => {
  it('lists open reports for staff and lets them resolve one', async () => {
    const filed = ok<{ id: number }>(await t.api('POST', '/report', { token: people.reader.token, body: { article_id: articleId, reason: 'spam', detail: 'Advert' } }), 201);
    const open = ok<Page<{ id: number }>>(await t.api('GET', '/report', { token: people.staff.token, query: { status: 'open' } }));
    expect(open.results.map((r) => r.id)).toContain(filed.id);
    expect(ok<{ status: string }>(await t.api('PATCH', `/report/${filed.id}`, { token: people.staff.token, body: { status: 'resolved' } })).status).toBe('resolved');
    const still = ok<Page<{ id: number }>>(await t.api('GET', '/report', { token: people.staff.token, query: { status: 'open' } }));
    expect(still.results.map((r) => r.id)).not.toContain(filed.id);
  });
});

describe('submissions', () => {
  async function submitted(name: string) {
    const stored = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}.md`;
    await t.app.ctx.storage.put(`${SUBMISSIONS}/${stored}`, Buffer.from(`# ${name}\n`));
    return t.db.kysely
      .insertInto('submissions')
      .values({ user_id: people.reader.user.id, original_name: name, stored_name: stored, mime_type: 'text/markdown', size: name.length + 3, note: '', status: 'pending', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('lists them by status, accepts or rejects them, and hands staff the file', async () => {
    const a = await submitted('essay.md');
    const pending = ok<Page<Submission>>(await t.api('GET', backofficePaths.submissions, { token: people.staff.token, query: { status: 'pending' } }));
    expect(pending.results.map((s) => s.id)).toContain(a.id);
    expect(ok<Submission>(await t.api('PATCH', at(backofficePaths.submission, a.id), { token: people.staff.token, body: { status: 'accepted' } })).status).toBe('accepted');
    const after = ok<Page<Submission>>(await t.api('GET', backofficePaths.submissions, { token: people.staff.token, query: { status: 'pending' } }));
    expect(after.results.map((s) => s.id)).not.toContain(a.id);
    const file = await t.api('GET', at(backofficePaths.submissionFile, a.id), { token: people.staff.token });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('# essay.md\n');
    expect(file.headers['content-disposition']).toContain('essay.md');
    expect((await t.api('PATCH', at(backofficePaths.submission, 2147483000), { token: people.staff.token, body: { status: 'rejected' } })).statusCode).toBe(404);
    refusedField(await t.api('GET', backofficePaths.submissions, { token: people.staff.token, query: { status: 'lost' } }), 400, 'status');
  });
});
