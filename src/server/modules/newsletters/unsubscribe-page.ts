import type { MailLanguage } from '../../../shared/api/newsletters.js';
import type { UnsubscribeView } from './unsubscribe.js';

/** The unsubscribe link's page: plain server HTML with no script, in the recipient's language; a form confirms. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WORDS: Record<MailLanguage, Record<'title' | 'ready' | 'button' | 'done' | 'used' | 'invalid' | 'account', string>> = {
  en: {
    title: 'Unsubscribe',
    ready: 'Stop sending newsletters to {email}?',
    button: 'Unsubscribe',
    done: '{email} is unsubscribed: no more newsletters will be sent to it.',
    used: 'This link has been used already: {email} is unsubscribed.',
    invalid: 'This unsubscribe link is not valid. Your account page lets you change your mail choices.',
    account: 'Your mail choices are on your account page.',
  },
  'zh-CN': {
    title: '退订',
    ready: '不再向 {email} 发送通讯？',
    button: '退订',
    done: '{email} 已退订，我们不会再向它发送通讯。',
    used: '此链接已使用过：{email} 已退订。',
    invalid: '此退订链接无效。你可以在账户页面修改邮件偏好。',
    account: '你可以在账户页面修改邮件偏好。',
  },
};

export function unsubscribePageHtml(view: UnsubscribeView, actionPath: string, accountUrl: string): string {
  const w = WORDS[view.language];
  const say = (text: string) => escapeHtml(text).replace('{email}', `<strong>${escapeHtml(view.email)}</strong>`);
  const body =
    view.state === 'ready'
      ? `<p>${say(w.ready)}</p><form method="post" action="${escapeHtml(actionPath)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${w.button}</button></form>`
      : `<p role="status">${say(view.state === 'done' ? w.done : view.state === 'used' ? w.used : w.invalid)}</p>`;
  return `<!doctype html>
<html lang="${view.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${w.title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}button{font:inherit;min-height:44px;padding:0 1.25rem}</style></head>
<body><main><h1>${w.title}</h1>${body}<p><a href="${escapeHtml(accountUrl)}">${w.account}</a></p></main></body></html>`;
}
