import type { MailMessage } from '../../platform/mail.js';

/**
 * The texts of the messages the site sends, in English and Simplified Chinese together: a message is
 * read outside the site, where the reader's language choice is not known.
 */
const CODE_PURPOSE: Record<string, [string, string]> = {
  auto_sign_in: ['sign in', '登录'],
  login: ['sign in', '登录'],
  signup: ['create your account', '注册账号'],
  bind_email: ['add this e-mail address to your account', '绑定此邮箱'],
  cancel_email: ['remove this e-mail address from your account', '解绑此邮箱'],
  bind_phone: ['add this phone number to your account', '绑定此手机号'],
  cancel_phone: ['remove this phone number from your account', '解绑此手机号'],
  message: ['confirm your message', '确认你的留言'],
};

export function codeMail(site: string, to: string, code: string, action: string, minutes: number): MailMessage {
  const [en, zh] = CODE_PURPOSE[action] ?? CODE_PURPOSE.login;
  return {
    to,
    subject: `${site}: your code ${code} / 验证码 ${code}`,
    text: [
      `Your ${site} code to ${en} is ${code}. It is valid for ${minutes} minutes.`,
      'If you did not ask for it, ignore this message.',
      '',
      `你用于${zh}的${site}验证码是 ${code}，${minutes} 分钟内有效。`,
      '如果不是你本人操作，请忽略本邮件。',
    ].join('\n'),
  };
}

export function codeSms(site: string, code: string, action: string, minutes: number): string {
  const [, zh] = CODE_PURPOSE[action] ?? CODE_PURPOSE.login;
  return `【${site}】验证码 ${code}，用于${zh}，${minutes} 分钟内有效。Code ${code}, valid ${minutes} min.`;
}

export function confirmationMail(site: string, to: string, link: string, days: number): MailMessage {
  return {
    to,
    subject: `${site}: confirm your e-mail address / 请确认你的邮箱`,
    text: [
      `Confirm the e-mail address of your ${site} account by opening this link:`,
      link,
      `The link works once, for ${days} days. If you did not create an account, ignore this message.`,
      '',
      `请打开以下链接确认你的${site}账号邮箱：`,
      link,
      `链接仅可使用一次，${days} 天内有效。如果你没有注册，请忽略本邮件。`,
    ].join('\n'),
  };
}

export function passwordResetMail(site: string, to: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: `${site}: reset your password / 重置密码`,
    text: [
      `Someone asked to reset the password of your ${site} account. To choose a new one, open this link:`,
      link,
      `The link works once, for ${minutes} minutes. If it was not you, ignore this message: your password stays as it is.`,
      '',
      `有人请求重置你的${site}账号密码。如需设置新密码，请打开以下链接：`,
      link,
      `链接仅可使用一次，${minutes} 分钟内有效。如果不是你本人操作，请忽略本邮件，你的密码不会改变。`,
    ].join('\n'),
  };
}
