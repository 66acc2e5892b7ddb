import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createStaff, createUser, tokenFor } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createArticle(t, { title: 'Open piece', body_markdown: 'FREE-BODY-TEXT' });
  await createArticle(t, { title: 'Members piece', access: 'premium', body_markdown: 'PREMIUM-BODY-TEXT' });
});

async function rssTokenOf(user: Awaited<ReturnType<typeof createUser>>) {
  const res = await t.api('GET', `/user/profile/${user.id}/rss_token`, { token: await tokenFor(t, user) });
  expect(res.statusCode).toBe(200);
  return res.json().rss_token as string;
}

describe('private feed', () => {
  it('carries the full text of what its owner may read, never cached', async () => {
    const staff = await createStaff(t);
    const reader = await createUser(t);
    for (const format of ['rss', 'atom']) {
      const staffFeed = await t.app.inject(`/${format}.xml?token=${await rssTokenOf(staff)}`);
      expect(staffFeed.statusCode).toBe(200);
      expect(staffFeed.headers['cache-control']).toBe('private, no-store');
      expect(staffFeed.body).toContain('FREE-BODY-TEXT');
      expect(staffFeed.body).toContain('PREMIUM-BODY-TEXT');

      const readerFeed = await t.app.inject(`/${format}.xml?token=${await rssTokenOf(reader)}`);
      expect(readerFeed.statusCode).toBe(200);
      expect(readerFeed.body).toContain('FREE-BODY-TEXT');
      expect(readerFeed.body).toContain('Members piece');
      expect(readerFeed.body).not.toContain('PREMIUM-BODY-TEXT');
    }
    // The public feed has summaries only.
    const publicFeed = await t.app.inject('/rss.xml');
    expect(publicFeed.body).not.toContain('FREE-BODY-TEXT');
  });

  it('answers 404 to an unknown or rotated token', async () => {
    const reader = await createUser(t);
    const old = await rssTokenOf(reader);
    expect((await t.app.inject('/rss.xml?token=made-up')).statusCode).toBe(404);
    const rotated = await t.api('PUT', `/user/profile/${reader.id}/rss_token`, { token: await tokenFor(t, reader) });
    expect(rotated.statusCode).toBe(200);
    expect((await t.app.inject(`/rss.xml?token=${old}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/atom.xml?token=${rotated.json().rss_token}`)).statusCode).toBe(200);
  });
});
