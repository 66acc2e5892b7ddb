import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zhCN } from '../../../src/shared/i18n/zh-CN.js';
import { serverMessagesZh } from '../../../src/shared/i18n/server-messages.js';
import { checkoutZhCN } from '../../../src/shared/i18n/checkout.js';
import { coursesZhCN } from '../../../src/shared/i18n/courses.js';
import { offlineArticlesZhCN } from '../../../src/shared/i18n/offline-articles.js';
import { offlineZhCN } from '../../../src/shared/i18n/offline.js';
import { paymentsZhCN } from '../../../src/shared/i18n/payments.js';
import { shopZhCN } from '../../../src/shared/i18n/shop.js';
import { commentsZhCN } from '../../../src/shared/i18n/comments.js';
import { communityZhCN } from '../../../src/shared/i18n/community.js';
import { staffZhCN } from '../../../src/shared/i18n/staff.js';
import { reminderMail } from '../../../src/server/modules/membership/mail-templates.js';
import { codeMail, codeSms, confirmationMail, passwordResetMail } from '../../../src/server/modules/messaging/templates.js';
import { confirmationMail as orderMail } from '../../../src/server/modules/orders/mail-templates.js';

/*
 * The Chinese interface addresses the reader one way, the friendly 你: no catalogue, server message, mail or SMS
 * template says the formal 您. Every source file is read (a Chinese text may live in any of them), and the
 * catalogues are checked as loaded too.
 */

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every Chinese catalogue the web loads: the main one, the features' own, and the server messages'. */
const chinese: Record<string, string>[] = [zhCN, serverMessagesZh, shopZhCN, checkoutZhCN, coursesZhCN, paymentsZhCN, offlineZhCN, offlineArticlesZhCN, commentsZhCN, communityZhCN, staffZhCN];
const texts = chinese.flatMap((catalogue) => Object.values(catalogue));

describe('the Chinese form of address', () => {
  it('is 你 in every source file: catalogues, server messages, mail and SMS templates', () => {
    const formal = sources(path.resolve('src'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${path.relative(process.cwd(), file)}:${i + 1}`, line }))
          .filter(({ line }) => line.includes('您')),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(formal).toEqual([]);
  });

  it('names a thing one way: 购物车 (not 购物篮), 账号 (not 账户 or 帐号)', () => {
    expect(texts.filter((text) => /购物篮|账户|帐号/.test(text))).toEqual([]);
  });

  it('is 你 in the loaded catalogues', () => {
    expect(texts.filter((text) => text.includes('您'))).toEqual([]);
    expect(texts.some((text) => text.includes('你'))).toBe(true);
  });

  it('is 你 in the mails and messages as sent', () => {
    const now = new Date('2025-06-01T12:00:00.000Z');
    const member = { site: 'Lectern', to: 'a@example.com', name: 'Ann', plan: { en: 'Premium', 'zh-CN': '高级' }, endsAt: '2025-06-08T12:00:00.000Z', link: 'https://x.test/m' };
    const order = {
      site: 'Lectern', to: 'a@example.com', name: 'Ann', number: 'A1', currency: 'CNY', lines: [{ title: 'Book', quantity: 1, total: 100 }],
      shipping: 0, discount: 0, total: 100, link: 'https://x.test/o', granted: [],
    };
    const sent = [
      ...(['expires_7d', 'expires_1d', 'expired'] as const).map((kind) => reminderMail(kind, member, 'zh-CN', now)),
      orderMail(order, 'zh-CN'),
      codeMail('Lectern', 'a@example.com', '123456', 'login', 10),
      confirmationMail('Lectern', 'a@example.com', 'https://x.test/c', 3),
      passwordResetMail('Lectern', 'a@example.com', 'https://x.test/r', 30),
    ].flatMap((mail) => [mail.subject, mail.text]);
    sent.push(codeSms('Lectern', '123456', 'login', 10));
    expect(sent.filter((text) => text.includes('您'))).toEqual([]);
    expect(sent.filter((text) => text.includes('你')).length).toBeGreaterThanOrEqual(6);
  });
});

describe('the Chinese catalogues', () => {
  it('say every text in Chinese, but for names and units kept as they are, and figures', () => {
    const KEPT = new Set(['RSS 2.0', 'Atom', 'Service Worker', '{kb} KB', 'Slack']);
    const english = texts.filter((text) => !/[\u3000-\u9fff\uff00-\uffef]/.test(text) && !KEPT.has(text) && /[A-Za-z]{2,}/.test(text.replace(/\{\w+\}/g, '')));
    expect(english).toEqual([]);
  });
});

