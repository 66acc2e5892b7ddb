import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../src/server/db/types.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
let reporter: UserRow;
let reporterToken: string;
let otherToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  reporter = await createUser(t);
  reporterToken = await tokenFor(t, reporter);
  otherToken = await tokenFor(t, await createUser(t));
  staffToken = await tokenFor(t, await createStaff(t));
});

async function file(body: Record<string, unknown>, token = reporterToken) {
  const res = await t.api('POST', '/report', { token, body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; status: string; url: string; detail: string; reason: string; user_id: number; article_id: number | null };
}

describe('filing reports', () => {
  it('reports an article, filling in its page URL', async () => {
    const article = await createArticle(t);
    const res = await t.api('POST', '/report', { token: reporterToken, body: { article_id: article.id, reason: 'error', detail: 'Typo in the title.' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user_id: reporter.id,
      article_id: article.id,
      url: `http://lectern.test/article/${article.id}`,
      reason: 'error',
      detail: 'Typo in the title.',
      status: 'open',
    });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('reports a URL without an article', async () => {
    const report = await file({ url: 'https://elsewhere.example/copy', reason: 'copyright' });
    expect(report).toMatchObject({ article_id: null, url: 'https://elsewhere.example/copy', detail: '' });
  });

  it('needs a login', async () => {
    expect((await t.api('POST', '/report', { body: { url: 'https://x.example', reason: 'spam' } })).statusCode).toBe(401);
    expect((await t.api('GET', '/report')).statusCode).toBe(401);
  });

  it('names the field of bad input', async () => {
    const draft = await createArticle(t, { status: 'draft' });
    for (const [body, field] of [
      [{ reason: 'spam' }, 'article_id'],
      [{ article_id: 2_000_000_000, reason: 'spam' }, 'article_id'],
      [{ article_id: draft.id, reason: 'spam' }, 'article_id'],
      [{ article_id: 'one', reason: 'spam' }, 'article_id'],
      [{ url: 'https://x.example', reason: 'boring' }, 'reason'],
      [{ url: 'https://x.example' }, 'reason'],
      [{ url: 'https://x.example', reason: 'spam', detail: 'x'.repeat(5001) }, 'detail'],
    ] as const) {
      const res = await t.api('POST', '/report', { token: reporterToken, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });
});

describe('reading reports', () => {
  it("lists the caller's own reports, and everyone's to staff", async () => {
    const fresh = await createUser(t);
    const freshToken = await tokenFor(t, fresh);
    const a = await file({ url: 'https://a.example', reason: 'spam' }, freshToken);
    const b = await file({ url: 'https://b.example', reason: 'abuse' }, freshToken);
    const others = await file({ url: 'https://c.example', reason: 'other' }, otherToken);
    const own = (await t.api('GET', '/report', { token: freshToken })).json();
    expect(own.count).toBe(2);
    expect(own.results.map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id].sort());
    const all = (await t.api('GET', '/report', { token: staffToken, query: { page_size: '100' } })).json();
    expect(all.results.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([a.id, b.id, others.id]));
    const paged = (await t.api('GET', '/report', { token: freshToken, query: { page_size: '1' } })).json();
    expect(paged).toMatchObject({ count: 2, previous: null });
    expect(paged.next).toContain('page=2');
  });

  it('filters by status', async () => {
    const report = await file({ url: 'https://status.example', reason: 'spam' });
    await t.api('PATCH', `/report/${report.id}`, { token: staffToken, body: { status: 'dismissed' } });
    const dismissed = (await t.api('GET', '/report', { token: reporterToken, query: { status: 'dismissed' } })).json();
    expect(dismissed.results.map((r: { id: number }) => r.id)).toEqual([report.id]);
    const bad = await t.api('GET', '/report', { token: reporterToken, query: { status: 'lost' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('status');
  });

  it('shows a report to its reporter and staff only', async () => {
    const report = await file({ url: 'https://one.example', reason: 'spam' });
    expect((await t.api('GET', `/report/${report.id}`, { token: reporterToken })).json()).toMatchObject({ id: report.id, url: 'https://one.example' });
    expect((await t.api('GET', `/report/${report.id}`, { token: staffToken })).statusCode).toBe(200);
    expect((await t.api('GET', `/report/${report.id}`, { token: otherToken })).statusCode).toBe(404);
    expect((await t.api('GET', `/report/${report.id}`)).statusCode).toBe(401);
    expect((await t.api('GET', '/report/2000000000', { token: staffToken })).statusCode).toBe(404);
    const bad = await t.api('GET', '/report/abc', { token: staffToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});

describe('changing reports', () => {
  it('lets the reporter edit an open report, but not its status', async () => {
    const report = await file({ url: 'https://edit.example', reason: 'spam', detail: 'first' });
    const patched = await t.api('PATCH', `/report/${report.id}`, { token: reporterToken, body: { detail: 'second' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ detail: 'second', reason: 'spam', status: 'open' });
    const put = await t.api('PUT', `/report/${report.id}`, { token: reporterToken, body: { reason: 'abuse' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ reason: 'abuse', detail: '' });
    for (const method of ['PATCH', 'PUT'] as const) {
      const res = await t.api(method, `/report/${report.id}`, { token: reporterToken, body: { reason: 'spam', status: 'resolved' } });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.api('GET', `/report/${report.id}`, { token: reporterToken })).json().status).toBe('open');
  });

  it('lets staff decide, after which the reporter can no longer change or withdraw it', async () => {
    const report = await file({ url: 'https://decide.example', reason: 'spam' });
    const decided = await t.api('PATCH', `/report/${report.id}`, { token: staffToken, body: { status: 'resolved' } });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'resolved', reason: 'spam' });
    expect((await t.api('PATCH', `/report/${report.id}`, { token: reporterToken, body: { detail: 'more' } })).statusCode).toBe(409);
    expect((await t.api('DELETE', `/report/${report.id}`, { token: reporterToken })).statusCode).toBe(409);
    expect((await t.api('DELETE', `/report/${report.id}`, { token: staffToken })).statusCode).toBe(204);
    expect((await t.api('GET', `/report/${report.id}`, { token: staffToken })).statusCode).toBe(404);
  });

  it("answers 404 for someone else's report and 401 to guests", async () => {
    const report = await file({ url: 'https://mine.example', reason: 'spam' });
    expect((await t.api('PATCH', `/report/${report.id}`, { token: otherToken, body: { detail: 'x' } })).statusCode).toBe(404);
    expect((await t.api('PUT', `/report/${report.id}`, { token: otherToken, body: { reason: 'spam', status: 'resolved' } })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/report/${report.id}`, { token: otherToken })).statusCode).toBe(404);
    expect((await t.api('PATCH', `/report/${report.id}`, { body: { detail: 'x' } })).statusCode).toBe(401);
    expect((await t.api('DELETE', `/report/${report.id}`)).statusCode).toBe(401);
    expect((await t.api('GET', `/report/${report.id}`, { token: reporterToken })).json().detail).toBe('');
  });

  it('lets the reporter withdraw an open report', async () => {
    const report = await file({ url: 'https://withdraw.example', reason: 'spam' });
    expect((await t.api('DELETE', `/report/${report.id}`, { token: reporterToken })).statusCode).toBe(204);
    expect((await t.api('GET', `/report/${report.id}`, { token: reporterToken })).statusCode).toBe(404);
    expect((await t.api('DELETE', `/report/${report.id}`, { token: reporterToken })).statusCode).toBe(404);
  });

  it('names the field of bad input', async () => {
    const report = await file({ url: 'https://bad.example', reason: 'spam' });
    for (const [method, body, field] of [
      ['PUT', { detail: 'no reason' }, 'reason'],
      ['PATCH', { reason: 'boring' }, 'reason'],
      ['PATCH', { status: 'lost' }, 'status'],
      ['PATCH', { detail: 'x'.repeat(5001) }, 'detail'],
    ] as const) {
      const res = await t.api(method, `/report/${report.id}`, { token: staffToken, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
  });
});
