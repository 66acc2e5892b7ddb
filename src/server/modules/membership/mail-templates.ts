import type { Language } from '../../../shared/i18n/index.js';
import type { MailMessage } from '../../platform/mail.js';
import type { ReminderKind } from './expiry-repo.js';

/**
 * Membership mails, in the member's language when it is known (the language of the request that led to
 * the membership), otherwise in English and Simplified Chinese together, like the site's other mails.
 */
export interface ReminderFacts {
  site: string;
  to: string;
  name: string;
  /** The plan's name in each language the mail may be written in. */
  plan: Record<Language, string>;
  /** ISO end of the term. */
  endsAt: string;
  /** Where to renew: the site's membership page. */
  link: string;
}

const day = (iso: string) => iso.slice(0, 10);

type Texts = { subject: string; body: string[] };

function english(kind: ReminderKind, f: ReminderFacts, daysLeft: number): Texts {
  if (kind === 'expired') {
    return {
      subject: `${f.site}: your ${f.plan.en} membership has ended`,
      body: [`Hello ${f.name},`, '', `Your ${f.plan.en} membership ended on ${day(f.endsAt)} (UTC).`, `To continue, renew it here: ${f.link}`],
    };
  }
  const when = daysLeft <= 1 ? 'tomorrow' : `in ${daysLeft} days`;
  return {
    subject: `${f.site}: your ${f.plan.en} membership ends ${when}`,
    body: [`Hello ${f.name},`, '', `Your ${f.plan.en} membership ends ${when}, on ${day(f.endsAt)} (UTC).`, `To keep reading without a break, renew it here: ${f.link}`],
  };
}

function chinese(kind: ReminderKind, f: ReminderFacts, daysLeft: number): Texts {
  if (kind === 'expired') {
    return {
      subject: `${f.site}：你的${f.plan['zh-CN']}会员已到期`,
      body: [`${f.name}，你好：`, '', `你的${f.plan['zh-CN']}会员已于 ${day(f.endsAt)}（UTC）到期。`, `如需继续，请在此续费：${f.link}`],
    };
  }
  const when = daysLeft <= 1 ? '明天' : `${daysLeft} 天后`;
  return {
    subject: `${f.site}：你的${f.plan['zh-CN']}会员将于${when}到期`,
    body: [`${f.name}，你好：`, '', `你的${f.plan['zh-CN']}会员将于${when}（${day(f.endsAt)}，UTC）到期。`, `如需不间断阅读，请在此续费：${f.link}`],
  };
}

export function reminderMail(kind: ReminderKind, facts: ReminderFacts, language: Language | null, now: Date): MailMessage {
  const daysLeft = Math.max(1, Math.round((Date.parse(facts.endsAt) - now.getTime()) / (24 * 3600 * 1000)));
  if (language === 'en' || language === 'zh-CN') {
    const t = (language === 'en' ? english : chinese)(kind, facts, daysLeft);
    return { to: facts.to, subject: t.subject, text: t.body.join('\n') };
  }
  const en = english(kind, facts, daysLeft);
  const zh = chinese(kind, facts, daysLeft);
  return { to: facts.to, subject: `${en.subject} / ${zh.subject}`, text: [...en.body, '', ...zh.body].join('\n') };
}
