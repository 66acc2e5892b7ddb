import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../src/server/config.js';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** A production-mode app whose pages are rendered by the real server entry, with the community settings given. */
async function createPageApp(community: Partial<Config>): Promise<TestApp> {
  const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-community-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(distDir, 'client'), { recursive: true });
  writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
  return createTestApp({ distDir, ...community }, { ssr: { mode: 'production', loadRender: async () => render } });
}

const SLACK = 'https://join.slack.com/t/lectern/shared_invite/zt-1';
let open: TestApp;
let closed: TestApp;
beforeAll(async () => {
  [open, closed] = await Promise.all([
    createPageApp({ discourseUrl: 'https://forum.lectern.test', discourseConnectSecret: 'forum-connect-secret-0123456789', communitySlackUrl: SLACK }),
    createPageApp({}),
  ]);
});

const get = (t: TestApp, url: string, lang = 'en') => t.app.inject({ url, headers: { cookie: `lang=${lang}` } });

describe('community pages from the server', () => {
  it('/community links the forum and Slack as configured, and is indexable', async () => {
    const res = await get(open, '/community');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="https://forum.lectern.test"');
    expect(res.body).toContain('href="/community/slack"');
    expect(res.body).not.toContain('noindex');
    expect(res.body).toContain('<link rel="canonical" href="http://lectern.test/community"');
  });

  it('/community says the community is not open yet when nothing is configured, in the reader language', async () => {
    const res = await get(closed, '/community', 'zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('社区尚未开放');
    expect(res.body).not.toContain('slack.com');
  });

  it('/community/slack offers the invite, or answers 404 with the not-open message', async () => {
    const invite = await get(open, '/community/slack');
    expect(invite.statusCode).toBe(200);
    expect(invite.body).toContain(`href="${SLACK}"`);
    const missing = await get(closed, '/community/slack');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('The community is not open yet');
    expect(missing.body).toContain('name="robots" content="noindex"');
  });

  it('the login pages are personal: never indexed; /sso/login and /submission wait for the browser to check the login', async () => {
    for (const url of ['/sso/login_success', '/sso/login_failed', '/sso/logout']) {
      const res = await get(open, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('name="robots" content="noindex"');
    }
    expect((await get(open, '/sso/no_such_page')).statusCode).toBe(404);
    for (const url of ['/sso/login?sso=YQ%3D%3D&sig=abc', '/submission']) {
      const res = await get(open, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('login-gate');
    }
  });
});
