import { beforeAll, describe, expect, it } from 'vitest';
import { runExpiryJob } from '../../../src/server/modules/membership/expiry-job.js';
import { grantMembership, isPremiumMember } from '../../../src/server/modules/membership/service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createMembershipPlan, createMembershipProduct, createPremiumProduct, createUser } from '../helpers/factories.js';
import { outbox } from '../messaging/outbox.js';

const DAY = 24 * 3600 * 1000;

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  productId = (await createPremiumProduct(t, { period_unit: 'day', period_count: 30 })).id;
});

let refs = 0;
async function memberWith(language?: 'en' | 'zh-CN') {
  const user = await createUser(t);
  refs += 1;
  const { subscription } = await grantMembership(t.app.ctx, user.id, productId, { kind: 'order', reference: `job-${refs}` }, { language });
  return { user, subscription };
}

const mailsTo = (t2: TestApp, to: string) => outbox(t2).filter((m) => m.to === to);
const at = (iso: string, offsetMs: number) => new Date(Date.parse(iso) + offsetMs);

describe('the expiry job', () => {
  it('mails 7 days and 1 day before the end, then on expiry, each once, in the member language', async () => {
    const { user, subscription } = await memberWith('en');
    const end = subscription.ends_at;
    await runExpiryJob(t.app.ctx, undefined, at(end, -10 * DAY));
    expect(mailsTo(t, user.email)).toHaveLength(0);

    await runExpiryJob(t.app.ctx, undefined, at(end, -6 * DAY));
    await runExpiryJob(t.app.ctx, undefined, at(end, -5 * DAY));
    let mails = mailsTo(t, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/ends in 6 days/);
    expect(mails[0].text).not.toMatch(/会员/);

    await runExpiryJob(t.app.ctx, undefined, at(end, -12 * 3600 * 1000));
    mails = mailsTo(t, user.email);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toMatch(/ends tomorrow/);

    const result = await runExpiryJob(t.app.ctx, undefined, at(end, 3600 * 1000));
    expect(result.ended).toBeGreaterThanOrEqual(1);
    mails = mailsTo(t, user.email);
    expect(mails).toHaveLength(3);
    expect(mails[0].subject).toMatch(/has ended/);
    expect(mails[0].links).toContain('http://lectern.test/my-membership');
    const row = await t.db.kysely.selectFrom('subscriptions').select('is_active').where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);

    await runExpiryJob(t.app.ctx, undefined, at(end, 2 * 3600 * 1000));
    expect(mailsTo(t, user.email)).toHaveLength(3);
  });

  it('writes in Chinese to a member who chose it, and in both languages when unknown', async () => {
    const zh = await memberWith('zh-CN');
    const unknown = await memberWith();
    await runExpiryJob(t.app.ctx, undefined, at(zh.subscription.ends_at, -3 * DAY));
    const [zhMail] = mailsTo(t, zh.user.email);
    expect(zhMail.subject).toMatch(/会员将于3 天后到期/);
    expect(zhMail.text).not.toMatch(/Hello/);
    const [both] = mailsTo(t, unknown.user.email);
    expect(both.subject).toMatch(/ends in 3 days/);
    expect(both.subject).toMatch(/到期/);
  });

  it('names the plan in the mail’s language: its Chinese name in Chinese, each name in its half of a bilingual mail', async () => {
    const plan = await createMembershipPlan(t, { name: 'Gold' });
    await t.db.kysely.updateTable('memberships').set({ translations: JSON.stringify({ 'zh-CN': { name: '金卡' } }) }).where('id', '=', plan.id).execute();
    const product = await createMembershipProduct(t, { membership_id: plan.id, period_unit: 'day', period_count: 30 });
    const grant = async (language?: 'en' | 'zh-CN') => {
      const user = await createUser(t);
      refs += 1;
      const { subscription } = await grantMembership(t.app.ctx, user.id, product.id, { kind: 'order', reference: `job-${refs}` }, { language });
      return { user, subscription };
    };
    const [zh, en, unknown] = [await grant('zh-CN'), await grant('en'), await grant()];
    await runExpiryJob(t.app.ctx, undefined, at(zh.subscription.ends_at, -12 * 3600 * 1000));
    const [zhMail] = mailsTo(t, zh.user.email);
    expect(zhMail.subject).toMatch(/你的金卡会员将于明天到期/);
    expect(`${zhMail.subject}${zhMail.text}`).not.toContain('Gold');
    const [enMail] = mailsTo(t, en.user.email);
    expect(enMail.subject).toMatch(/your Gold membership ends tomorrow/);
    expect(`${enMail.subject}${enMail.text}`).not.toContain('金卡');
    const [both] = mailsTo(t, unknown.user.email);
    expect(both.subject).toMatch(/your Gold membership ends tomorrow .*你的金卡会员将于明天到期/);
  });

  it('sends each reminder once when two runs race', async () => {
    const { user, subscription } = await memberWith('en');
    const now = at(subscription.ends_at, -2 * DAY);
    await Promise.all([runExpiryJob(t.app.ctx, undefined, now), runExpiryJob(t.app.ctx, undefined, now), runExpiryJob(t.app.ctx, undefined, now)]);
    expect(mailsTo(t, user.email)).toHaveLength(1);
    const ended = at(subscription.ends_at, 60_000);
    await Promise.all([runExpiryJob(t.app.ctx, undefined, ended), runExpiryJob(t.app.ctx, undefined, ended)]);
    expect(mailsTo(t, user.email)).toHaveLength(2);
  });

  it('ends a subscription at its end, so the member check says no', async () => {
    const { user, subscription } = await memberWith('en');
    await t.db.kysely.updateTable('subscriptions').set({ ends_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', subscription.id).execute();
    expect(await isPremiumMember(t.app.ctx, user.id)).toBe(false);
    await runExpiryJob(t.app.ctx);
    const row = await t.db.kysely.selectFrom('subscriptions').select('is_active').where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
  });

  it('reminds again for a renewed term', async () => {
    const { user, subscription } = await memberWith('en');
    await runExpiryJob(t.app.ctx, undefined, at(subscription.ends_at, -2 * DAY));
    expect(mailsTo(t, user.email)).toHaveLength(1);
    const renewed = (await grantMembership(t.app.ctx, user.id, productId, { kind: 'order', reference: `renew-${user.id}` })).subscription;
    await runExpiryJob(t.app.ctx, undefined, at(renewed.ends_at, -2 * DAY));
    expect(mailsTo(t, user.email)).toHaveLength(2);
  });

  it('gives the claim back when the mail cannot be sent, so a later run tries again', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    const product = await createPremiumProduct(broken, { period_unit: 'day', period_count: 30 });
    const user = await createUser(broken);
    const { subscription } = await grantMembership(broken.app.ctx, user.id, product.id, { kind: 'order', reference: 'broken-1' });
    const result = await runExpiryJob(broken.app.ctx, undefined, at(subscription.ends_at, -2 * DAY));
    expect(result.mailed).toBe(0);
    const claims = await broken.db.kysely.selectFrom('membership_reminders').selectAll().where('subscription_id', '=', subscription.id).execute();
    expect(claims).toHaveLength(0);
  });
});
