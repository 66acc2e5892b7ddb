import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, RecipientList, Template } from '../../../src/shared/api/newsletters.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createArticle, createPremiumProduct, createStaff, createUser, tokenFor } from '../helpers/factories.js';
import { grantMembership } from '../../../src/server/modules/membership/service.js';
import { startSmtp, type Received, type TestSmtp } from './smtp.js';
import { ok, reader, sendAll } from './helpers.js';

let t: TestApp;
let smtp: TestSmtp;
let staff: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Lectern <news@lectern.test>' }, { jobs: false });
  staff = await tokenFor(t, await createStaff(t));
});
afterAll(async () => smtp.close());

const TEXTS = {
  en: { subject: 'News for {{name}}', body: '# Hello {{name}}\n\nThis month at {{site_name}}: **new courses**.\n\n[Leave the list]({{unsubscribe_url}})' },
  'zh-CN': { subject: '{{name}}，本月新闻', body: '# 你好 {{name}}\n\n本月 {{site_name}} 有**新课程**。' },
};

async function listOf(name: string, csv: string) {
  return ok<RecipientList>(await t.api('POST', '/ses/upload-recipient-list', { token: staff, body: { name, csv } }), 201);
}
async function campaignOf(listId: number, source: { template_id: number } | { article_id: number }) {
  const draft = ok<Campaign>(await t.api('POST', '/ses/campaigns', { token: staff, body: { name: `Campaign ${Date.now()}`, list_id: listId, ...source } }), 201);
  expect(draft.status).toBe('draft');
  return ok<Campaign>(await t.api('POST', `/ses/campaigns/${draft.id}/send`, { token: staff }));
}
const template = async () => ok<Template>(await t.api('POST', '/ses/email-templates', { token: staff, body: { name: 'Monthly', texts: TEXTS } }), 201);
const to = (address: string): Received[] => smtp.received.filter((m) => m.to.includes(address));
const unsubscribeLink = (m: Received) => /^<(.+)>$/.exec(m.headers.get('list-unsubscribe') ?? '')![1];

describe('templates', () => {
  it('renders markdown with merge fields in both languages, and refuses unknown merge fields by field', async () => {
    const created = await template();
    const details = ok<{ previews: Record<string, { subject: string; html: string; text: string }> }>(await t.api('GET', `/ses/get-email-templates-details?id=${created.id}`, { token: staff }));
    expect(details.previews.en.subject).toBe('News for Ada Lovelace');
    expect(details.previews.en.html).toContain('<strong>new courses</strong>');
    expect(details.previews['zh-CN'].subject).toBe('李华，本月新闻');
    const bad = await t.api('POST', '/ses/email-templates', { token: staff, body: { name: 'Bad', texts: { en: { subject: 'Hi {{first_name}}', body: 'x' } } } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['texts.en.subject']);
    const missing = await t.api('POST', '/ses/email-templates', { token: staff, body: { name: 'No English', texts: { 'zh-CN': TEXTS['zh-CN'] } } });
    expect(Object.keys(missing.json().fields)).toContain('texts.en');
    const all = ok<Template[]>(await t.api('GET', '/ses/get-email-templates', { token: staff }));
    expect(all.map((x) => x.name)).toEqual(['Monthly']);
    const file = await t.api('GET', '/ses/download-email-templates', { token: staff });
    expect(file.headers['content-disposition']).toContain('email-templates.json');
    expect(JSON.parse(file.body).templates[0].texts).toEqual(TEXTS);
  });
});

describe('a campaign sent through a real SMTP server', () => {
  it('reaches each recipient once, in their language, with one-click unsubscribe headers, and reports the outcome', async () => {
    const tpl = await template();
    await t.api('POST', '/ses/suppressions', { token: staff, body: { email: 'complainer@example.com', reason: 'complained' } });
    const list = await listOf('Readers', 'email,name,language\nada@example.com,<b>Ada</b>,en\nli@example.com,李华,zh-CN\ncomplainer@example.com,C,en\nbounce@example.com,B,en\n');
    const started = await campaignOf(list.id, { template_id: tpl.id });
    expect(started).toMatchObject({ status: 'sending', progress: 0, report: { total: 4, pending: 4 } });
    // A second start changes nothing.
    expect((await t.api('POST', `/ses/campaigns/${started.id}/send`, { token: staff })).statusCode).toBe(409);

    await sendAll(t);

    const [ada] = to('ada@example.com');
    expect(to('ada@example.com')).toHaveLength(1);
    expect(ada.headers.get('subject')).toBe('News for <b>Ada</b>');
    expect(ada.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(ada.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/lectern\.test\/api\/v2\/ses\/unsubscribe\/\d+\.[\w-]{32}>$/);
    expect(ada.headers.get('from')).toBe('Lectern <news@lectern.test>');
    expect(ada.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;');
    expect(ada.html).not.toContain('<b>Ada</b>');
    expect(ada.html).toContain(`href="${unsubscribeLink(ada)}"`);
    expect(ada.text).toContain(`Unsubscribe: ${unsubscribeLink(ada)}`);

    const [li] = to('li@example.com');
    expect(li.headers.get('subject')).toBe('李华，本月新闻');
    expect(li.html).toContain('<html lang="zh-CN">');
    expect(li.html).toContain('你好 李华');
    expect(li.text).toContain('退订');

    expect(to('complainer@example.com')).toEqual([]);
    expect(to('bounce@example.com')).toEqual([]);
    const done = ok<Campaign>(await t.api('GET', `/ses/campaigns/${started.id}`, { token: staff }));
    expect(done).toMatchObject({ status: 'done', progress: 1, report: { total: 4, pending: 0, sent: 2, failed: 0, bounced: 1, unsubscribed: 1, uncertain: 0 } });
    const suppressed = ok<{ email: string; reason: string }[]>(await t.api('GET', '/ses/suppressions', { token: staff }));
    expect(suppressed).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'bounce@example.com', reason: 'bounced' })]));
  });

  it('unsubscribes through the link once, without login, and no later campaign reaches that address', async () => {
    const tpl = await template();
    const list = await listOf('Leavers', 'email,name\nleaver@example.com,Leaver\nstayer@example.com,Stayer\n');
    const first = await campaignOf(list.id, { template_id: tpl.id });
    await sendAll(t);
    const link = unsubscribeLink(to('leaver@example.com')[0]);
    const path = new URL(link).pathname;

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    // Looking at the page (as mail scanners do) unsubscribes nobody.
    expect(ok<{ email: string }[]>(await t.api('GET', '/ses/suppressions', { token: staff })).some((s) => s.email === 'leaver@example.com')).toBe(false);

    const oneClick = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('leaver@example.com');
    expect((await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(410);
    const forged = path.replace(/\.[\w-]{32}$/, `.${'A'.repeat(32)}`);
    expect((await t.app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);

    const report = ok<Campaign>(await t.api('GET', `/ses/campaigns/${first.id}`, { token: staff })).report;
    expect(report).toMatchObject({ sent: 2, unsubscribed: 1 });

    await campaignOf(list.id, { template_id: tpl.id });
    await sendAll(t);
    expect(to('leaver@example.com')).toHaveLength(1);
    expect(to('stayer@example.com')).toHaveLength(2);
  });

  it('lets readers manage their mail choices: no suppresses them, yes again lifts only their own unsubscription', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user);
    const bad = await t.api('PUT', '/ses/mail-choices', { token, body: { accepted: 'maybe', language: 'fr' } });
    expect(Object.keys(bad.json().fields).sort()).toEqual(['accepted', 'language']);
    expect(ok(await t.api('PUT', '/ses/mail-choices', { token, body: { accepted: true, language: 'zh-CN' } }))).toEqual({ accepted: true, language: 'zh-CN', blocked: false });
    const list = ok<RecipientList>(await t.api('POST', '/ses/gen-recipient-list', { token: staff, body: { name: 'Yes', segment: 'accepted' } }), 201);
    expect(list.recipient_count).toBeGreaterThanOrEqual(1);
    expect(ok(await t.api('PUT', '/ses/mail-choices', { token, body: { accepted: false, language: 'zh-CN' } }))).toMatchObject({ accepted: false });
    const tpl = await template();
    await campaignOf(list.id, { template_id: tpl.id });
    await sendAll(t);
    expect(to(user.email)).toEqual([]);
    expect(ok(await t.api('PUT', '/ses/mail-choices', { token, body: { accepted: true, language: 'en' } }))).toMatchObject({ accepted: true });
    await t.api('POST', '/ses/suppressions', { token: staff, body: { email: user.email, reason: 'bounced' } });
    expect(ok(await t.api('PUT', '/ses/mail-choices', { token, body: { accepted: true, language: 'en' } }))).toEqual({ accepted: false, language: 'en', blocked: true });
  });
});

describe('send this article', () => {
  it('sends premium text only to those who may read it, the summary to everyone else', async () => {
    const article = await createArticle(t, { access: 'premium', title: 'Members only', summary: 'A short summary.', body_markdown: 'The secret premium paragraph.' });
    const member = await reader(t, true);
    await grantMembership(t.app.ctx, member.id, (await createPremiumProduct(t)).id, { kind: 'staff', reference: `news-article-${member.id}` });
    const plain = await reader(t, true);
    const list = await listOf('Article readers', `email,name,language\n${member.email},M,en\n${plain.email},P,zh-CN\noutsider@example.com,O,en\n`);
    const bad = await t.api('POST', '/ses/campaigns', { token: staff, body: { name: 'x', list_id: list.id, article_id: 2_000_000 } });
    expect(Object.keys(bad.json().fields)).toEqual(['article_id']);
    const both = await t.api('POST', '/ses/campaigns', { token: staff, body: { name: 'x', list_id: list.id, article_id: article.id, template_id: 1 } });
    expect(Object.keys(both.json().fields)).toEqual(['template_id']);

    await campaignOf(list.id, { article_id: article.id });
    await sendAll(t);
    const [forMember] = to(member.email);
    expect(forMember.headers.get('subject')).toBe('Members only');
    expect(forMember.html).toContain('The secret premium paragraph.');
    for (const address of [plain.email, 'outsider@example.com']) {
      const [message] = to(address);
      expect(message.html).toContain('A short summary.');
      expect(message.html + message.text).not.toContain('secret premium');
      expect(message.html).toContain(`http://lectern.test/article/${article.id}`);
    }
    expect(to(plain.email)[0].html).toContain('在网站上阅读');
  });
});
