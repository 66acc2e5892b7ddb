import type { Language } from '../../../shared/i18n/index.js';
import type { MailMessage } from '../../platform/mail.js';

/**
 * The order confirmation, in the buyer's language (the language of the checkout request), otherwise in
 * English and Simplified Chinese together, like the site's other mails.
 */
export interface ConfirmationFacts {
  site: string;
  to: string;
  name: string;
  number: string;
  currency: string;
  lines: { title: string; quantity: number; total: number }[];
  shipping: number;
  discount: number;
  total: number;
  /** Where the buyer sees the order. */
  link: string;
  /** What the order opened (memberships, courses), by name. */
  granted: string[];
}

const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency}`;

type Texts = { subject: string; body: string[] };

function english(f: ConfirmationFacts): Texts {
  return {
    subject: `${f.site}: order ${f.number} is paid`,
    body: [
      `Hello ${f.name},`,
      '',
      `Thank you. We have received the payment for order ${f.number}:`,
      '',
      ...f.lines.map((l) => `  ${l.title} × ${l.quantity}: ${money(l.total, f.currency)}`),
      ...(f.discount > 0 ? [`  Discount: -${money(f.discount, f.currency)}`] : []),
      ...(f.shipping > 0 ? [`  Shipping: ${money(f.shipping, f.currency)}`] : []),
      `  Total paid: ${money(f.total, f.currency)}`,
      '',
      ...(f.granted.length ? [`Open now: ${f.granted.join(', ')}.`, ''] : []),
      `Your orders: ${f.link}`,
    ],
  };
}

function chinese(f: ConfirmationFacts): Texts {
  return {
    subject: `${f.site}：订单 ${f.number} 已付款`,
    body: [
      `${f.name}，你好：`,
      '',
      `感谢你的购买。我们已收到订单 ${f.number} 的付款：`,
      '',
      ...f.lines.map((l) => `  ${l.title} × ${l.quantity}：${money(l.total, f.currency)}`),
      ...(f.discount > 0 ? [`  优惠：-${money(f.discount, f.currency)}`] : []),
      ...(f.shipping > 0 ? [`  运费：${money(f.shipping, f.currency)}`] : []),
      `  实付：${money(f.total, f.currency)}`,
      '',
      ...(f.granted.length ? [`现已开通：${f.granted.join('、')}。`, ''] : []),
      `我的订单：${f.link}`,
    ],
  };
}

export function confirmationMail(facts: ConfirmationFacts, language: Language | null): MailMessage {
  if (language === 'en' || language === 'zh-CN') {
    const t = (language === 'en' ? english : chinese)(facts);
    return { to: facts.to, subject: t.subject, text: t.body.join('\n') };
  }
  const en = english(facts);
  const zh = chinese(facts);
  return { to: facts.to, subject: `${en.subject} / ${zh.subject}`, text: [...en.body, '', ...zh.body].join('\n') };
}
