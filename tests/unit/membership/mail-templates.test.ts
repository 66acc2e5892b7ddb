import { describe, expect, it } from 'vitest';
import { reminderMail } from '../../../src/server/modules/membership/mail-templates.js';

const facts = { site: 'Lectern', to: 'a@example.com', name: 'Ann', plan: { en: 'Premium', 'zh-CN': '高级' }, endsAt: '2025-06-08T12:00:00.000Z', link: 'https://x.test/my-membership' };
const now = new Date('2025-06-01T12:00:05.000Z');

describe('reminder mails', () => {
  it('say how many days are left and link to renewal, in English', () => {
    const mail = reminderMail('expires_7d', facts, 'en', now);
    expect(mail.subject).toBe('Lectern: your Premium membership ends in 7 days');
    expect(mail.text).toContain('2025-06-08');
    expect(mail.text).toContain(facts.link);
    expect(reminderMail('expires_1d', facts, 'en', new Date('2025-06-07T13:00:00.000Z')).subject).toMatch(/ends tomorrow/);
    expect(reminderMail('expired', facts, 'en', now).subject).toMatch(/has ended/);
  });

  it('in Chinese, and in both languages when the language is unknown', () => {
    const zh = reminderMail('expires_7d', facts, 'zh-CN', now);
    expect(zh.subject).toBe('Lectern：你的高级会员将于7 天后到期');
    expect(zh.text).not.toContain('Premium');
    expect(zh.text).not.toContain('Hello');
    const both = reminderMail('expired', facts, null, now);
    expect(both.subject).toContain('has ended');
    expect(both.subject).toContain('已到期');
    expect(both.text).toContain('Hello Ann');
    expect(both.text).toContain('你好');
    // Each language names the plan in that language.
    expect(both.subject).toBe('Lectern: your Premium membership has ended / Lectern：你的高级会员已到期');
    expect(both.text).toContain('Your Premium membership ended');
    expect(both.text).toContain('你的高级会员已于');
  });
});
