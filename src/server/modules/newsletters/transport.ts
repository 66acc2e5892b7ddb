import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import { writeOutboxEntry } from '../../platform/mail.js';

/**
 * Newsletter mail through nodemailer. The platform's mailer sends plain transactional messages; a newsletter
 * also carries list headers (RFC 2369, RFC 8058) and a Message-ID of its delivery row, so it has this transport:
 * the same SMTP server (`SMTP_URL`), or the demo outbox without one.
 */
export interface NewsletterMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The one-click unsubscribe address (https on a real site). */
  unsubscribeUrl: string;
  /** `<newsletter-<delivery id>@host>`: the same row always gives the same id, so an operator can match logs. */
  messageId: string;
}

export type SendOutcome = { ok: true } | { ok: false; kind: 'bounced' | 'failed' | 'retry'; error: string };

export interface NewsletterTransport {
  send(mail: NewsletterMail): Promise<SendOutcome>;
  close(): void;
}

export const mailFromOf = (config: Config) => config.mailFrom ?? `${config.siteName} <no-reply@${new URL(config.publicUrl).hostname}>`;

interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
  message?: string;
}

/**
 * What an error means for the row: a 5xx refusal of the recipient is a bounce (the address goes on the
 * suppression list), another 5xx a failure; a 4xx or a connection that failed before the server took the message
 * is tried again later (the server had not said it took the message, so it has not).
 */
export function classify(err: unknown): SendOutcome {
  const e = (err ?? {}) as SmtpError;
  const error = String(e.message ?? err).slice(0, 500);
  const code = e.responseCode ?? 0;
  if (code >= 500) return { ok: false, kind: e.code === 'EENVELOPE' || /^RCPT/i.test(e.command ?? '') ? 'bounced' : 'failed', error };
  return { ok: false, kind: 'retry', error };
}

export function createNewsletterTransport(config: Config): NewsletterTransport {
  const from = mailFromOf(config);
  const headers = (mail: NewsletterMail) => ({
    'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'Auto-Submitted': 'auto-generated',
    Precedence: 'bulk',
  });
  const timeout = config.mailSendTimeoutSeconds * 1000;
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } as never)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  return {
    async send(mail) {
      try {
        const message = { from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: mail.messageId, headers: headers(mail) };
        const info = await (await open()).sendMail(message);
        if (!config.smtpUrl) {
          writeOutboxEntry(path.join(config.dataDir, 'mail'), { kind: 'email', to: mail.to, subject: mail.subject, text: mail.text }, info.message as Buffer);
        } else if (info.rejected?.length) {
          return { ok: false, kind: 'bounced', error: `Refused: ${String(info.response ?? '')}`.slice(0, 500) };
        }
        return { ok: true };
      } catch (err) {
        return classify(err);
      }
    },
    close() {
      void transport?.then((t) => t.close());
      transport = undefined;
    },
  };
}
