import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeOutboxEntry } from '../../../src/server/platform/mail.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { codeIn, freshMobile, outbox, sendCode } from './outbox.js';

let demo: TestApp;
let site: TestApp;
beforeAll(async () => {
  demo = await createTestApp({ demoMode: true });
  site = await createTestApp({ demoMode: false });
});

const page = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('/dev/mailbox', () => {
  it('lists e-mails and SMS of a demo site, newest first, and shows one with its links', async () => {
    const email = `box${Date.now().toString(36)}@example.com`;
    const mobile = freshMobile();
    const mailCode = await sendCode(demo, 'email', email, 'signup');
    await sendCode(demo, 'sms', mobile, 'login');
    const list = await page(demo, '/dev/mailbox');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain(email);
    expect(list.body).toContain(mobile);
    expect(list.body.indexOf(mobile)).toBeLessThan(list.body.indexOf(email));

    const [, mail] = outbox(demo);
    expect(mail.to).toBe(email);
    const one = await page(demo, `/dev/mailbox/${mail.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(mailCode);
    expect(codeIn(mail)).toBe(mailCode);
  });

  it('links the URLs of a message and escapes its text', async () => {
    const entry = writeOutboxEntry(path.join(demo.config.dataDir, 'mail'), {
      kind: 'email',
      to: 'x@example.com',
      subject: '<b>Hi</b>',
      text: 'Open http://lectern.test/verify_email/abc123 now. <script>alert(1)</script>',
    });
    expect(entry.links).toEqual(['http://lectern.test/verify_email/abc123']);
    for (const url of ['/dev/mailbox', `/dev/mailbox/${entry.id}`]) {
      const res = await page(demo, url);
      expect(res.body).toContain('<a href="http://lectern.test/verify_email/abc123">');
      expect(res.body).toContain('&lt;b&gt;Hi&lt;/b&gt;');
      expect(res.body).not.toContain('<script>');
    }
  });

  it('does not exist outside demo mode, nor for unknown or crafted ids', async () => {
    expect((await page(site, '/dev/mailbox')).statusCode).toBe(404);
    const id = outbox(demo)[0].id;
    expect((await page(site, `/dev/mailbox/${id}`)).statusCode).toBe(404);
    expect((await page(demo, '/dev/mailbox/1700000000000-deadbeef')).statusCode).toBe(404);
    expect((await page(demo, '/dev/mailbox/..%2Fsecrets')).statusCode).toBe(404);
  });

  it('answers only on this machine, even in demo mode', async () => {
    const id = outbox(demo)[0].id;
    expect((await demo.app.inject({ url: '/dev/mailbox', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await demo.app.inject({ url: '/dev/mailbox', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await demo.app.inject({ url: `/dev/mailbox/${id}`, remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
  });
});
