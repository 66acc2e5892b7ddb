import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle } from '../helpers/factories.js';

/**
 * The page of a premium article is the same locked page for every guest: page rendering reads as a guest
 * without a fingerprint, so metered reads neither show the body in the HTML nor are spent by it.
 */
async function createPageApp(): Promise<TestApp> {
  const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-access-pages-${process.pid}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(distDir, 'client'), { recursive: true });
  writeFileSync(path.join(distDir, 'client', 'index.html'), readFileSync('index.html', 'utf8'));
  return createTestApp({ distDir, freeReadsGuest: 3 }, { ssr: { mode: 'production', loadRender: async () => render } });
}

let t: TestApp;
beforeAll(async () => {
  t = await createPageApp();
});

const fingerprint = `page-guest-${process.pid}-fingerprint`;
const ip = '198.18.0.42';
const asGuest = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { 'x-lectern-fingerprint': fingerprint }, remoteAddress: ip });

describe('the page of a premium article', () => {
  it('holds no premium body for a guest, even one whose metered read opened it', async () => {
    const article = await createArticle(t, { access: 'premium', title: 'Quiet harbour notes', body_markdown: 'The anemometric reading is private.' });
    const opened = await asGuest('POST', `/api/v2/article/${article.id}/unlock`);
    expect(opened.json()).toMatchObject({ reason: 'metered', locked: false });
    expect(opened.json().content_html).toContain('anemometric');

    const page = await asGuest('GET', `/article/${article.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Quiet harbour notes');
    expect(page.body).not.toContain('anemometric');
    const plain = await t.app.inject({ url: `/article/${article.id}` });
    expect(plain.body).not.toContain('anemometric');
    expect(page.headers['cache-control']).toBe(plain.headers['cache-control']);

    // Rendering spent nothing: the one read is the unlock's.
    const status = await asGuest('GET', `/api/v2/article/membership_status/${article.id}`);
    expect(status.json()).toMatchObject({ reads_left: 2 });
  });
});
