import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeOutboxEntry } from '../../../src/server/platform/mail.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { codeIn, freshMobile, outbox, sendCode } from './outbox.js';

let demo: TestApp;
let site: TestApp;
beforeAll(async () => {
  demo = await createTestApp({ demoMode: true });
  site = await createTestApp({ demoMode: false });
});

const page = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });
/** The mailbox's address on a site, with its secret. */
const box = (t: TestApp, id?: string) => `/dev/mailbox/${t.config.devMailboxSecret}${id ? `/${id}` : ''}`;

describe('/dev/mailbox/<secret>', () => {
  it('lists e-mails and SMS of a demo site, newest first, and shows one with its links', async () => {
    const email = `box${Date.now().toString(36)}@example.com`;
    const mobile = freshMobile();
    const mailCode = await sendCode(demo, 'email', email, 'signup');
    await sendCode(demo, 'sms', mobile, 'login');
    const list = await page(demo, box(demo));
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain(email);
    expect(list.body).toContain(mobile);
    expect(list.body.indexOf(mobile)).toBeLessThan(list.body.indexOf(email));

    const [, mail] = outbox(demo);
    expect(mail.to).toBe(email);
    const one = await page(demo, box(demo, mail.id));
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(mailCode);
    // The list links each message under the same secret, and the message links back to the list.
    expect(list.body).toContain(`href="${box(demo, mail.id)}"`);
    expect(one.body).toContain(`href="${box(demo)}"`);
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
    for (const url of [box(demo), box(demo, entry.id)]) {
      const res = await page(demo, url);
      expect(res.body).toContain('<a href="http://lectern.test/verify_email/abc123">');
      expect(res.body).toContain('&lt;b&gt;Hi&lt;/b&gt;');
      expect(res.body).not.toContain('<script>');
    }
  });

  it('does not exist outside demo mode, nor for unknown or crafted ids', async () => {
    expect((await page(site, box(site))).statusCode).toBe(404);
    const id = outbox(demo)[0].id;
    expect((await page(site, box(site, id))).statusCode).toBe(404);
    expect((await page(demo, box(demo, '1700000000000-deadbeef'))).statusCode).toBe(404);
    expect((await page(demo, box(demo, '..%2Fsecrets'))).statusCode).toBe(404);
  });

  it('is not at the old address nor under a wrong secret, even from this machine', async () => {
    const id = outbox(demo)[0].id;
    const secret = demo.config.devMailboxSecret;
    const wrong = [
      '/dev/mailbox',
      `/dev/mailbox/${id}`,
      `/dev/mailbox/${secret.slice(0, -1)}`,
      `/dev/mailbox/${secret}x`,
      `/dev/mailbox/${secret.slice(0, -1)}/${id}`,
      `/dev/mailbox/${'a'.repeat(90)}`,
      `/dev/mailbox/${secret}/${id}/more`,
    ];
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (const url of wrong) expect((await demo.app.inject({ url, remoteAddress })).statusCode, `${url} from ${remoteAddress}`).toBe(404);
    }
  });

  it('answers the right secret from any address, uncached and without a referrer', async () => {
    const id = outbox(demo)[0].id;
    for (const url of [box(demo), box(demo, id)]) {
      const res = await demo.app.inject({ url, remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('takes its secret from DEV_MAILBOX_SECRET', async () => {
    const chosen = await createTestApp({ demoMode: true, devMailboxSecret: 'chosen-mailbox-secret-0123456789' });
    expect((await page(chosen, '/dev/mailbox/chosen-mailbox-secret-0123456789')).statusCode).toBe(200);
    expect((await page(chosen, box(demo))).statusCode).toBe(404);
  });
});

describe('the mailbox link for staff', () => {
  it('gives staff the address with its secret, in demo mode only', async () => {
    const staff = await createStaff(demo);
    const res = await demo.api('GET', '/dev/mailbox_link', { token: await tokenFor(demo, staff) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({ url: `http://lectern.test${box(demo)}` });
    const siteStaff = await createStaff(site);
    const none = await site.api('GET', '/dev/mailbox_link', { token: await tokenFor(site, siteStaff) });
    expect(none.json()).toEqual({ url: null });
  });

  it('refuses a reader (403) and a guest (401)', async () => {
    const reader = await createUser(demo);
    const res = await demo.api('GET', '/dev/mailbox_link', { token: await tokenFor(demo, reader) });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(demo.config.devMailboxSecret);
    expect((await demo.api('GET', '/dev/mailbox_link')).statusCode).toBe(401);
  });
});
